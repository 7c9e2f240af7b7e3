import { describe, expect, it } from 'vitest'
import { parseAuthCallback } from '../../../src/features/auth/parseAuthCallback.ts'

const now = 1_800_000_000
const base = 'https://folio.example/confirm'

describe('parseAuthCallback', () => {
  it('reads a PKCE code from the query', () => {
    expect(parseAuthCallback(`${base}?code=abc&redirect=%2Fdashboard`, now)).toEqual({
      kind: 'pkce',
      code: 'abc',
      type: null,
    })
  })

  it('reads an implicit-flow session from the hash', () => {
    const result = parseAuthCallback(
      `${base}#access_token=a&refresh_token=r&expires_in=3600&expires_at=${now + 3590}&token_type=bearer&type=signup`,
      now,
    )
    expect(result).toEqual({
      kind: 'implicit',
      type: 'signup',
      warning: null,
      session: {
        access_token: 'a',
        refresh_token: 'r',
        expires_in: 3600,
        expires_at: now + 3590,
        token_type: 'bearer',
      },
    })
  })

  it.each([
    '#access_token=a&refresh_token=r&expires_in=3600',
    '#refresh_token=r&expires_in=3600&token_type=bearer',
    '#access_token=a&expires_in=3600&token_type=bearer',
    '',
  ])('says No session defined in URL for %j', (hash) => {
    expect(parseAuthCallback(`${base}${hash}`, now)).toEqual({
      kind: 'error',
      problem: 'no-session',
      message: 'No session defined in URL',
    })
  })

  it('shows the error description, or the kept auth text when there is none', () => {
    expect(
      parseAuthCallback(
        `${base}#error=access_denied&error_description=Email+link+is+invalid+or+has+expired`,
        now,
      ),
    ).toEqual({
      kind: 'error',
      problem: 'address-error',
      message: 'Email link is invalid or has expired',
    })
    expect(parseAuthCallback(`${base}?error=access_denied`, now)).toEqual({
      kind: 'error',
      problem: 'address-error',
      message: 'Error in URL with unspecified error_description',
    })
  })

  // GoTrue's own failures (a 500 or 503) are no fault of the link's, with a description or not.
  it.each(['?error=server_error', '#error=temporarily_unavailable&error_description=Try+later'])(
    'tells a failure of the auth service from a refused link: %s',
    (address) => {
      expect(parseAuthCallback(`${base}${address}`, now)).toMatchObject({
        kind: 'error',
        problem: 'service-failed',
      })
    },
  )

  // Links from our emails carry a session in the fragment (which never reaches a server or a
  // Referer header) or a PKCE code in the query; a session in the query is someone else's.
  it.each([
    '?access_token=a&refresh_token=r&expires_in=3600&token_type=bearer',
    '?refresh_token=r#access_token=a&expires_in=3600&token_type=bearer',
    '?access_token=a#refresh_token=r&expires_in=3600&token_type=bearer',
  ])('refuses session tokens in the query string: %j', (address) => {
    expect(parseAuthCallback(`${base}${address}`, now)).toMatchObject({
      kind: 'error',
      problem: 'tokens-in-query',
    })
  })

  // GoTrue's answer to the first of an email change's two confirmations (supabase/auth
  // internal/api/verify.go, singleConfirmationAccepted via prepRedirectURL): no session.
  const accepted =
    'message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email'
  it.each([`#${accepted}&sb=`, `?${accepted}#${accepted}&sb=`])(
    'reads the first of two email-change confirmations (%j) as halfway, not as a missing session',
    (address) => {
      expect(parseAuthCallback(`${base}${address}`, now)).toEqual({
        kind: 'one-address-confirmed',
        message:
          'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      })
    },
  )

  it('lets an error or a session in the address win over a message', () => {
    expect(
      parseAuthCallback(`${base}#${accepted}&error=access_denied&error_code=otp_expired`, now),
    ).toMatchObject({ kind: 'error', problem: 'address-error' })
    expect(
      parseAuthCallback(
        `${base}#${accepted}&access_token=a&refresh_token=r&expires_in=3600&token_type=bearer`,
        now,
      ),
    ).toMatchObject({ kind: 'implicit' })
    expect(parseAuthCallback(`${base}?code=abc#${accepted}`, now)).toMatchObject({ kind: 'pkce' })
  })

  it('warns when the session was issued more than 120 s ago or in the future', () => {
    const old = parseAuthCallback(
      `${base}#access_token=a&refresh_token=r&expires_in=3600&expires_at=${now + 3600 - 121}&token_type=bearer`,
      now,
    )
    expect(old.kind === 'implicit' && old.warning).toMatch(/issued over 120s ago/)
    const fresh = parseAuthCallback(
      `${base}#access_token=a&refresh_token=r&expires_in=3600&expires_at=${now + 3600 - 119}&token_type=bearer`,
      now,
    )
    expect(fresh.kind === 'implicit' && fresh.warning).toBeNull()
    const future = parseAuthCallback(
      `${base}#access_token=a&refresh_token=r&expires_in=3600&expires_at=${now + 3700}&token_type=bearer`,
      now,
    )
    expect(future.kind === 'implicit' && future.warning).toMatch(/in the future/)
  })
})
