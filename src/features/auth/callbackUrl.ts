/**
 * Reading the auth callback address (`/confirm`), with the spec's rules and texts. Email links
 * land here in one of two shapes: the implicit flow puts the session in the hash, the PKCE flow
 * puts a one-time `code` in the query. Errors come back as `error` / `error_description`.
 */
export const MAX_SESSION_AGE_SECONDS = 120

export interface UrlSession {
  access_token: string
  refresh_token: string
  expires_in: number
  expires_at: number
  token_type: string
  provider_token?: string
  provider_refresh_token?: string
}

export type CallbackResult =
  | { kind: 'pkce'; code: string; type: string | null }
  | { kind: 'implicit'; session: UrlSession; type: string | null; warning: string | null }
  | { kind: 'error'; message: string }

function paramsOf(url: URL): URLSearchParams {
  // Values may arrive in the query or the hash; the hash wins, as GoTrue puts sessions there.
  const merged = new URLSearchParams(url.search)
  for (const [key, value] of new URLSearchParams(url.hash.replace(/^#/, ''))) merged.set(key, value)
  return merged
}

export function parseAuthCallback(href: string, nowSeconds: number): CallbackResult {
  const url = new URL(href)
  const params = paramsOf(url)
  if (params.has('error') || params.has('error_description') || params.has('error_code')) {
    const description = params.get('error_description')
    return {
      kind: 'error',
      message: description || 'Error in URL with unspecified error_description',
    }
  }
  const type = params.get('type')
  const code = url.searchParams.get('code')
  if (code) return { kind: 'pkce', code, type }

  const accessToken = params.get('access_token')
  const refreshToken = params.get('refresh_token')
  const expiresIn = params.get('expires_in')
  const tokenType = params.get('token_type')
  if (!accessToken || !expiresIn || !refreshToken || !tokenType) {
    return { kind: 'error', message: 'No session defined in URL' }
  }
  const expiresInSeconds = Number.parseInt(expiresIn, 10)
  const expiresAt = params.get('expires_at')
    ? Number.parseInt(params.get('expires_at') as string, 10)
    : nowSeconds + expiresInSeconds
  const issuedAt = expiresAt - expiresInSeconds
  let warning: string | null = null
  if (nowSeconds - issuedAt > MAX_SESSION_AGE_SECONDS) {
    warning = `@supabase/gotrue-js: Session as retrieved from URL was issued over ${MAX_SESSION_AGE_SECONDS}s ago, URL could be stale`
  } else if (issuedAt > nowSeconds) {
    warning =
      '@supabase/gotrue-js: Session as retrieved from URL was issued in the future? Check the device clock for skew'
  }
  const session: UrlSession = {
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_in: expiresInSeconds,
    expires_at: expiresAt,
    token_type: tokenType,
  }
  const providerToken = params.get('provider_token')
  const providerRefreshToken = params.get('provider_refresh_token')
  if (providerToken) session.provider_token = providerToken
  if (providerRefreshToken) session.provider_refresh_token = providerRefreshToken
  return { kind: 'implicit', session, type, warning }
}
