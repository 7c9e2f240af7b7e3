import { describe, expect, it } from 'vitest'
import { parseAuthCallback } from '../../../src/features/auth/parseAuthCallback.ts'
import { decideConfirm } from '../../../src/features/auth/confirmDecision.ts'
import type { PendingEmailLink } from '../../../src/features/auth/emailLinks.ts'

const now = 1_800_000_000
const base = 'https://folio.example/confirm'

function token(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'HS256' })}.${part(claims)}.c2lnbmF0dXJl`
}

const attacker = token({ sub: 'attacker-id', email: 'mallory@evil.example', role: 'authenticated' })
const victim = token({ sub: 'victim-id', email: 'ada@example.com', role: 'authenticated' })
const session = (access: string, flow = '') =>
  `${base}?redirect=%2Fdashboard${flow ? `&flow=${flow}` : ''}#access_token=${access}&refresh_token=r&expires_in=3600&token_type=bearer`
const pendingFor = (email: string): PendingEmailLink => ({ nonce: 'n1', email, startedAt: now })
const ada = { id: 'victim-id', email: 'ada@example.com' }

describe('decideConfirm: only a flow this browser started signs in', () => {
  it('refuses a session in the fragment that no email request of this browser asked for', () => {
    expect(
      decideConfirm({
        callback: parseAuthCallback(session(attacker), now),
        pending: null,
        signedIn: null,
      }),
    ).toMatchObject({ kind: 'refuse', problem: 'not-started-here' })
    expect(
      decideConfirm({
        callback: parseAuthCallback(session(attacker), now),
        pending: null,
        signedIn: ada,
      }),
    ).toMatchObject({ kind: 'refuse', problem: 'not-started-here' })
  })

  it('refuses the session of a completed email change too, and says what the link did', () => {
    // Folio never starts an email change, so the link that completes one (both addresses
    // having agreed) always arrives unasked: it signs nobody in, but it has changed something.
    expect(
      decideConfirm({
        callback: parseAuthCallback(`${session(victim)}&type=email_change`, now),
        pending: null,
        signedIn: null,
      }),
    ).toMatchObject({ kind: 'refuse', problem: 'email-change-not-started-here' })
  })

  it('refuses a session in the query string whatever else the address holds', () => {
    const inQuery = `${base}?flow=n1&access_token=${attacker}&refresh_token=r&expires_in=3600&token_type=bearer`
    expect(
      decideConfirm({
        callback: parseAuthCallback(inQuery, now),
        pending: pendingFor('mallory@evil.example'),
        signedIn: null,
      }),
    ).toMatchObject({ kind: 'refuse', problem: 'tokens-in-query' })
  })

  it('signs in with a fragment session for a link this browser asked for', () => {
    expect(
      decideConfirm({
        callback: parseAuthCallback(session(victim, 'n1'), now),
        pending: pendingFor('ada@example.com'),
        signedIn: null,
      }),
    ).toEqual({ kind: 'sign-in' })
  })

  it('signs in with a PKCE code: the code verifier in this browser binds it', () => {
    expect(
      decideConfirm({
        callback: parseAuthCallback(`${base}?code=abc`, now),
        pending: null,
        signedIn: null,
      }),
    ).toEqual({ kind: 'sign-in' })
  })

  it('explains an empty address, keeping the technical detail', () => {
    expect(
      decideConfirm({ callback: parseAuthCallback(base, now), pending: null, signedIn: ada }),
    ).toEqual({
      kind: 'refuse',
      problem: 'no-session',
      detail: 'No session defined in URL',
    })
  })
})

describe('decideConfirm: another account signed in', () => {
  it('asks before a fragment session replaces a different signed-in account', () => {
    expect(
      decideConfirm({
        callback: parseAuthCallback(session(attacker, 'n1'), now),
        pending: pendingFor('mallory@evil.example'),
        signedIn: ada,
      }),
    ).toEqual({
      kind: 'ask',
      current: ada,
      incoming: { id: 'attacker-id', email: 'mallory@evil.example' },
    })
  })

  it('asks before a PKCE link for another address replaces the signed-in account', () => {
    expect(
      decideConfirm({
        callback: parseAuthCallback(`${base}?code=abc&flow=n1`, now),
        pending: pendingFor('bob@example.com'),
        signedIn: ada,
      }),
    ).toEqual({ kind: 'ask', current: ada, incoming: { id: null, email: 'bob@example.com' } })
  })

  it('does not ask when the link is for the account already signed in', () => {
    expect(
      decideConfirm({
        callback: parseAuthCallback(`${base}?code=abc&flow=n1`, now),
        pending: pendingFor('ADA@example.com'),
        signedIn: ada,
      }),
    ).toEqual({ kind: 'sign-in' })
    expect(
      decideConfirm({
        callback: parseAuthCallback(session(victim, 'n1'), now),
        pending: pendingFor('ada@example.com'),
        signedIn: ada,
      }),
    ).toEqual({ kind: 'sign-in' })
  })
})

describe('decideConfirm: halfway through an email change', () => {
  const halfway = `${base}#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email&sb=`
  it('signs nobody in and asks nothing, whoever is signed in, and passes the service’s words on', () => {
    for (const signedIn of [null, ada]) {
      for (const pending of [null, pendingFor('ada@example.com')]) {
        expect(
          decideConfirm({ callback: parseAuthCallback(halfway, now), pending, signedIn }),
        ).toEqual({
          kind: 'one-address-confirmed',
          detail:
            'Confirmation link accepted. Please proceed to confirm link sent to the other email',
        })
      }
    }
  })
})
