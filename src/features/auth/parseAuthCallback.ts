/**
 * Reading the auth callback address (`/confirm`), with the rules and texts of docs/product.md. Email links
 * land here in one of two shapes: the implicit flow puts the session in the hash, the PKCE flow
 * puts a one-time `code` in the query. Errors come back as `error` / `error_description`.
 *
 * A session is read from the hash only. GoTrue never puts one in the query (supabase/auth
 * internal/api/verify.go: implicit-flow tokens go in the fragment, prepPKCERedirectURL puts
 * only the one-time code in the query), and a
 * fragment never reaches a server log or a Referer header; a session in the query is a link
 * someone else made. Whether a well-formed session may be used at all is confirmDecision's call.
 *
 * An address with a `message` and no session is halfway through an email change: with
 * double_confirm_changes both addresses confirm it, and GoTrue answers the first of the two
 * with its singleConfirmationAccepted message (internal/api/verify.go prepRedirectURL: in the
 * fragment, and in the query too for PKCE), signing nobody in.
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

/**
 * What went wrong, for the page to explain in words: an error the auth service put in the
 * address (a link it refused, or a failure of its own), an address without a session, or
 * session tokens in the query string.
 */
export type CallbackProblem = 'address-error' | 'service-failed' | 'no-session' | 'tokens-in-query'

export type CallbackResult =
  | { kind: 'pkce'; code: string; type: string | null }
  | { kind: 'implicit'; session: UrlSession; type: string | null; warning: string | null }
  | { kind: 'one-address-confirmed'; message: string }
  | { kind: 'error'; problem: CallbackProblem; message: string }

const SESSION_PARAMS = ['access_token', 'refresh_token', 'provider_token', 'provider_refresh_token']

function paramsOf(url: URL): URLSearchParams {
  // Errors and the flow type may arrive in the query or the hash; the hash wins.
  const merged = new URLSearchParams(url.search)
  for (const [key, value] of new URLSearchParams(url.hash.replace(/^#/, ''))) merged.set(key, value)
  return merged
}

/** The auth client's text for an error in the address that carries no description. */
export const UNDESCRIBED_ADDRESS_ERROR = 'Error in URL with unspecified error_description'

/**
 * The `error` names GoTrue gives its own failures, as opposed to a link it refused: a 500 or
 * 503 (supabase/auth v2.196 internal/api/errors.go oauthErrorMap, written into the address by
 * verify.go prepErrorRedirectURL and external.go getErrorQueryString, whose unknown errors are
 * server_error too). The link itself may be fine.
 */
const SERVICE_FAILURES = ['server_error', 'temporarily_unavailable']

export function parseAuthCallback(href: string, nowSeconds: number): CallbackResult {
  const url = new URL(href)
  const params = paramsOf(url)
  if (params.has('error') || params.has('error_description') || params.has('error_code')) {
    const description = params.get('error_description')
    return {
      kind: 'error',
      problem: SERVICE_FAILURES.includes(params.get('error') as string)
        ? 'service-failed'
        : 'address-error',
      message: description || UNDESCRIBED_ADDRESS_ERROR,
    }
  }
  if (SESSION_PARAMS.some((name) => url.searchParams.has(name))) {
    return {
      kind: 'error',
      problem: 'tokens-in-query',
      message: 'Session tokens in the query string',
    }
  }
  const type = params.get('type')
  const code = url.searchParams.get('code')
  if (code) return { kind: 'pkce', code, type }

  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''))
  const accessToken = fragment.get('access_token')
  const refreshToken = fragment.get('refresh_token')
  const expiresIn = fragment.get('expires_in')
  const tokenType = fragment.get('token_type')
  if (!accessToken || !expiresIn || !refreshToken || !tokenType) {
    const message = params.get('message')
    if (message) return { kind: 'one-address-confirmed', message }
    return { kind: 'error', problem: 'no-session', message: 'No session defined in URL' }
  }
  const expiresInSeconds = Number.parseInt(expiresIn, 10)
  const expiresAt = fragment.get('expires_at')
    ? Number.parseInt(fragment.get('expires_at') as string, 10)
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
  const providerToken = fragment.get('provider_token')
  const providerRefreshToken = fragment.get('provider_refresh_token')
  if (providerToken) session.provider_token = providerToken
  if (providerRefreshToken) session.provider_refresh_token = providerRefreshToken
  return { kind: 'implicit', session, type, warning }
}
