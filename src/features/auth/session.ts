/**
 * The stored session and the rules it follows (docs/product.md): a session is valid only with an
 * access token, a refresh token and an expiry; an invalid stored one is removed; one that has
 * expired (or is about to) needs a refresh before it is used.
 */
export interface StoredSession {
  access_token: string
  refresh_token: string
  expires_at: number
  expires_in?: number
  token_type?: string
  provider_token?: string | null
  provider_refresh_token?: string | null
  user?: {
    id: string
    email?: string
    role?: string
    /** Only the status is read (a verified factor means the next level is aal2). */
    factors?: { status?: string }[] | null
  } | null
}

/** supabase-js refreshes this long before expiry; the guard treats such a session as usable. */
export const EXPIRY_MARGIN_SECONDS = 30

export function isValidSession(value: unknown): value is StoredSession {
  if (typeof value !== 'object' || value === null) return false
  const session = value as Partial<StoredSession>
  return (
    typeof session.access_token === 'string' &&
    session.access_token.length > 0 &&
    typeof session.refresh_token === 'string' &&
    session.refresh_token.length > 0 &&
    typeof session.expires_at === 'number' &&
    Number.isFinite(session.expires_at)
  )
}

export function isExpired(
  session: StoredSession,
  nowSeconds: number,
  marginSeconds = EXPIRY_MARGIN_SECONDS,
): boolean {
  return session.expires_at - marginSeconds <= nowSeconds
}

interface SessionStorage {
  getItem(key: string): string | null
  removeItem(key: string): void
}

/**
 * Reads the session supabase-js stored, without loading supabase-js. Anything unreadable or
 * incomplete is removed, so it cannot confuse a later sign-in.
 */
export function readStoredSession(storage: SessionStorage, key: string): StoredSession | null {
  const raw = storage.getItem(key)
  if (raw === null) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    parsed = null
  }
  // supabase-js 2 stores the session itself; older versions wrapped it in { currentSession }.
  const candidate =
    typeof parsed === 'object' && parsed !== null && 'currentSession' in parsed
      ? (parsed as { currentSession: unknown }).currentSession
      : parsed
  if (isValidSession(candidate)) return candidate
  storage.removeItem(key)
  return null
}

/**
 * Whether the session is half way through signing in: the password given, the two-factor code
 * not. supabase-js's own rule (`getAuthenticatorAssuranceLevel` in @supabase/auth-js 2.109):
 * the level reached is the access token's `aal` claim, the next one is aal2 once the user has a
 * verified factor. Read from the stored session, so no page need load supabase-js to know.
 */
export function awaitsSecondFactor(session: StoredSession): boolean {
  if (!session.user?.factors?.some((factor) => factor.status === 'verified')) return false
  try {
    const payload = session.access_token.split('.')[1] ?? ''
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      aal?: unknown
    }
    return claims.aal !== 'aal2'
  } catch {
    // A token we cannot read is the server's to judge; the notes page will ask for the code.
    return false
  }
}
