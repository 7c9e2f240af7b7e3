import { describe, expect, it } from 'vitest'
import { clearedCookieStrings, sessionCookieStrings } from '../../../src/features/auth/cookies.ts'
import {
  awaitsSecondFactor,
  isExpired,
  isValidSession,
  readStoredSession,
  type StoredSession,
} from '../../../src/features/auth/session.ts'
import { SESSION_KEY_PATTERN, storageKeyFor } from '../../../src/features/auth/sessionKey.ts'

const session: StoredSession = {
  access_token: 'access.jwt',
  refresh_token: 'refresh-1',
  expires_at: 2_000,
  expires_in: 3600,
  token_type: 'bearer',
}

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial))
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    removeItem: (key: string) => void values.delete(key),
  }
}

describe('isValidSession', () => {
  it('needs access_token, refresh_token and expires_at', () => {
    expect(isValidSession(session)).toBe(true)
    expect(isValidSession({ ...session, access_token: '' })).toBe(false)
    expect(isValidSession({ ...session, refresh_token: undefined })).toBe(false)
    expect(isValidSession({ ...session, expires_at: '2000' })).toBe(false)
    expect(isValidSession({ ...session, expires_at: Number.NaN })).toBe(false)
    expect(isValidSession(null)).toBe(false)
  })

  it('treats a session about to expire as expired', () => {
    expect(isExpired(session, 1_000)).toBe(false)
    expect(isExpired(session, 1_980)).toBe(true)
    expect(isExpired(session, 2_500)).toBe(true)
  })
})

describe('readStoredSession', () => {
  it('returns a valid stored session', () => {
    const storage = memoryStorage({ key: JSON.stringify(session) })
    expect(readStoredSession(storage, 'key')).toEqual(session)
  })

  it.each([
    'not json',
    JSON.stringify({ access_token: 'a' }),
    JSON.stringify({ currentSession: { refresh_token: 'r' } }),
    'null',
  ])('removes an invalid stored session (%s)', (raw) => {
    const storage = memoryStorage({ key: raw })
    expect(readStoredSession(storage, 'key')).toBeNull()
    expect(storage.values.has('key')).toBe(false)
  })

  it('derives supabase-js storage keys from the backend host', () => {
    expect(storageKeyFor('https://abcd.supabase.co')).toBe('sb-abcd-auth-token')
    expect(storageKeyFor('http://127.0.0.1:54321')).toBe('sb-127-auth-token')
    // What the header looks for to know a session may be stored, without the backend's address.
    for (const url of [
      'https://abcd.supabase.co',
      'http://127.0.0.1:54321',
      'https://db.folio.example',
    ])
      expect(storageKeyFor(url)).toMatch(SESSION_KEY_PATTERN)
    expect('sb-abcd-auth-token-code-verifier').not.toMatch(SESSION_KEY_PATTERN)
  })
})

describe('session cookies', () => {
  it('writes access and refresh tokens with Lax, Path=/ and max-age from the expiry', () => {
    const cookies = sessionCookieStrings(session, { secure: false, nowSeconds: 1_000 })
    expect(cookies).toEqual([
      'sb-access-token=access.jwt; Path=/; Max-Age=1000; SameSite=Lax',
      'sb-refresh-token=refresh-1; Path=/; Max-Age=1000; SameSite=Lax',
    ])
  })

  // A token copied into a cookie must not outlive the session it came from: the cookies are
  // written again on every refresh, so a long-lived refresh-token cookie only widens the window
  // in which a stolen cookie still works.
  it('lets no cookie outlive the session, and sends none to another host or path', () => {
    const full = { ...session, provider_token: 'gh', provider_refresh_token: 'gh-refresh' }
    for (const secure of [false, true]) {
      const cookies = sessionCookieStrings(full, { secure, nowSeconds: 1_000 })
      expect(cookies).toHaveLength(4)
      for (const value of cookies) {
        const maxAge = Number(/; Max-Age=(\d+)/.exec(value)?.[1])
        expect(maxAge).toBeLessThanOrEqual(full.expires_at - 1_000)
        expect(value).toContain('; Path=/;')
        expect(value).toContain('; SameSite=Lax')
        expect(value).not.toMatch(/;\s*Domain=/i)
        expect(value.endsWith('; Secure')).toBe(secure)
      }
    }
  })

  it('writes an already expired session as cookies that are gone at once', () => {
    const cookies = sessionCookieStrings(session, { secure: true, nowSeconds: 5_000 })
    for (const value of cookies) expect(value).toContain('; Max-Age=0;')
  })

  it('adds Secure on https and provider tokens when present', () => {
    const cookies = sessionCookieStrings(
      { ...session, provider_token: 'gh token', provider_refresh_token: 'gh-refresh' },
      { secure: true, nowSeconds: 1_000 },
    )
    expect(cookies).toHaveLength(4)
    expect(cookies.every((value) => value.endsWith('; Secure'))).toBe(true)
    expect(cookies[2]).toContain('sb-provider-token=gh%20token')
  })

  it('clears every session cookie', () => {
    const cleared = clearedCookieStrings(true)
    expect(cleared).toHaveLength(4)
    for (const value of cleared)
      expect(value).toMatch(/=; Path=\/; Max-Age=0; SameSite=Lax; Secure$/)
  })
})

describe('awaitsSecondFactor', () => {
  const token = (claims: object) =>
    `header.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`
  const withFactors = (aal: string, statuses: string[]): StoredSession => ({
    ...session,
    access_token: token({ sub: 'u1', aal }),
    user: { id: 'u1', email: 'a@example.com', factors: statuses.map((status) => ({ status })) },
  })

  it('is true for a password-only (aal1) session of an account with a verified factor', () => {
    expect(awaitsSecondFactor(withFactors('aal1', ['verified']))).toBe(true)
    expect(awaitsSecondFactor(withFactors('aal1', ['unverified', 'verified']))).toBe(true)
  })

  it('is false once the code is given, and for accounts without a verified factor', () => {
    expect(awaitsSecondFactor(withFactors('aal2', ['verified']))).toBe(false)
    expect(awaitsSecondFactor(withFactors('aal1', []))).toBe(false)
    expect(awaitsSecondFactor(withFactors('aal1', ['unverified']))).toBe(false)
    expect(awaitsSecondFactor({ ...session, user: { id: 'u1' } })).toBe(false)
  })

  it('reads a base64url token whose payload needs the characters base64 spells differently', () => {
    const claims = { aal: 'aal1', email: '??>>~~@example.com' }
    const encoded = Buffer.from(JSON.stringify(claims)).toString('base64url')
    expect(encoded).toMatch(/[-_]/)
    expect(
      awaitsSecondFactor({ ...withFactors('aal1', ['verified']), access_token: `h.${encoded}.s` }),
    ).toBe(true)
  })

  it('is false for a token it cannot read', () => {
    expect(
      awaitsSecondFactor({ ...withFactors('aal1', ['verified']), access_token: 'not-a-jwt' }),
    ).toBe(false)
  })
})
