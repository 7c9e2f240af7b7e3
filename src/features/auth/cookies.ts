/**
 * Session cookies. On sign-in and refresh the access and refresh tokens (and provider tokens
 * when present) are written to cookies so that a server or edge function on the same site can
 * read them; on sign-out they are cleared. SameSite=Lax keeps them off cross-site POSTs,
 * Secure is set whenever the page itself is served over https, and with no Domain attribute
 * they are host-only: no other subdomain receives them. None outlives the session it came from:
 * each refresh writes them again, so a longer life would only extend what a stolen cookie buys.
 */
import type { StoredSession } from './session'

export const SESSION_COOKIE_NAMES = {
  access: 'sb-access-token',
  refresh: 'sb-refresh-token',
  provider: 'sb-provider-token',
  providerRefresh: 'sb-provider-refresh-token',
} as const

export interface CookieOptions {
  secure: boolean
  nowSeconds: number
}

function cookie(name: string, value: string, maxAge: number, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${Math.max(0, Math.floor(maxAge))}; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** The `document.cookie` assignments that store a session; max-age follows the session expiry. */
export function sessionCookieStrings(
  session: StoredSession,
  { secure, nowSeconds }: CookieOptions,
): string[] {
  const maxAge = session.expires_at - nowSeconds
  const cookies = [
    cookie(SESSION_COOKIE_NAMES.access, session.access_token, maxAge, secure),
    cookie(SESSION_COOKIE_NAMES.refresh, session.refresh_token, maxAge, secure),
  ]
  if (session.provider_token)
    cookies.push(cookie(SESSION_COOKIE_NAMES.provider, session.provider_token, maxAge, secure))
  if (session.provider_refresh_token) {
    cookies.push(
      cookie(SESSION_COOKIE_NAMES.providerRefresh, session.provider_refresh_token, maxAge, secure),
    )
  }
  return cookies
}

/** The assignments that delete every session cookie. */
export function clearedCookieStrings(secure: boolean): string[] {
  return Object.values(SESSION_COOKIE_NAMES).map((name) => cookie(name, '', 0, secure))
}

export function writeCookies(target: { cookie: string }, cookies: string[]): void {
  for (const value of cookies) target.cookie = value
}
