import { useCallback } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useSafeNavigate } from '../../app/useSafeNavigate'
import { toSafeRedirectPath } from '../../lib/urlSafety'

export const DEFAULT_AFTER_SIGN_IN = '/dashboard'

/** The same-origin page to return to after signing in (`?redirect=`), and a way to go there. */
export function useAuthRedirect() {
  const [params] = useSearchParams()
  const navigate = useSafeNavigate()
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin
  const target = toSafeRedirectPath(params.get('redirect'), origin) ?? DEFAULT_AFTER_SIGN_IN
  const goBack = useCallback(() => navigate(target, { replace: true }), [navigate, target])
  return { target, goBack }
}

/** Where email links should send people: the callback path, then back to `target`. */
export function callbackUrl(target: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ redirect: target, ...extra })
  return `${window.location.origin}/confirm?${params}`
}
