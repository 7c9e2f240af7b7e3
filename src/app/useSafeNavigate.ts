import { useCallback } from 'react'
import { useNavigate } from 'react-router-dom'
import { resolveNavigation } from '../lib/urlSafety'

export interface SafeNavigateOptions {
  /** Leaving the site must be asked for explicitly (e.g. the Stripe portal). */
  external?: boolean
  replace?: boolean
  /** History state for the page navigated to (internal paths only). */
  state?: unknown
}

/**
 * The one way the app navigates programmatically. Internal paths go through the router;
 * external URLs only with `external: true`; `javascript:`, `data:` and `vbscript:` raise an
 * error whatever the options, so a tainted value can never run script through a redirect.
 */
export function useSafeNavigate() {
  const navigate = useNavigate()
  return useCallback(
    (to: string, options: SafeNavigateOptions = {}) => {
      const target = resolveNavigation(to, {
        origin: window.location.origin,
        external: options.external,
      })
      if (target.kind === 'internal')
        navigate(target.path, { replace: options.replace, state: options.state })
      else if (options.replace) window.location.replace(target.href)
      else window.location.assign(target.href)
    },
    [navigate],
  )
}
