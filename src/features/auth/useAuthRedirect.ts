import { useCallback } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useSafeNavigate } from '../../app/useSafeNavigate'
import { toSafeRedirectPath } from '../../lib/urlSafety'
import {
  EMAIL_LINK_KIND_PARAM,
  EMAIL_LINK_PARAM,
  rememberEmailLink,
  type EmailLinkKind,
} from './emailLinks'

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

/**
 * Where an email link for `email` should send people: the callback path, then back to
 * `target`. Calling it records the request (emailLinks.ts), so /confirm knows the link was
 * asked for in this browser and for which address.
 */
export function callbackUrl(target: string, email: string, kind: EmailLinkKind): string {
  const nonce = rememberEmailLink(window.localStorage, email, Math.floor(Date.now() / 1000))
  const params = new URLSearchParams({
    redirect: target,
    [EMAIL_LINK_PARAM]: nonce,
    [EMAIL_LINK_KIND_PARAM]: kind,
  })
  return `${window.location.origin}/confirm?${params}`
}
