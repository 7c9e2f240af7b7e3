/**
 * Whether /confirm may sign anyone in, decided before anything is stored. An address is only
 * trusted for a flow this browser started: a PKCE code (useless without the code verifier
 * supabase-js kept here when the email was requested), or a session in the fragment that
 * comes back with the nonce of an email link this browser asked for (emailLinks.ts). Anything
 * else is a link someone made, and following it would put the visitor in their account, where
 * whatever they type next is theirs to read. When another account is signed in, the visitor
 * is asked before it is replaced. The first of an email change's two confirmations signs
 * nobody in: the page only says what is left to do.
 */
import type { CallbackProblem, CallbackResult } from './parseAuthCallback'
import type { PendingEmailLink } from './emailLinks'

export interface AccountIdentity {
  id: string | null
  email: string | null
}

export type ConfirmProblem =
  | CallbackProblem
  | 'not-started-here'
  /** The link that completes an email change: refused like any other, but not without effect. */
  | 'email-change-not-started-here'

export type ConfirmDecision =
  | { kind: 'refuse'; problem: ConfirmProblem; detail: string }
  | { kind: 'ask'; current: AccountIdentity; incoming: AccountIdentity }
  | { kind: 'sign-in' }
  | { kind: 'one-address-confirmed'; detail: string }

export interface ConfirmInput {
  callback: CallbackResult
  /** The email link this browser asked for whose nonce the address carries, if any. */
  pending: PendingEmailLink | null
  /** Who is signed in in this browser now, if anyone. */
  signedIn: AccountIdentity | null
}

/** Who an access token names. Only to compare accounts: its signature is the server's business. */
export function accountInToken(accessToken: string): AccountIdentity {
  try {
    const payload = accessToken.split('.')[1] ?? ''
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const claims = JSON.parse(atob(base64)) as { sub?: unknown; email?: unknown }
    return {
      id: typeof claims.sub === 'string' ? claims.sub : null,
      email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
    }
  } catch {
    return { id: null, email: null }
  }
}

function sameAccount(a: AccountIdentity, b: AccountIdentity): boolean {
  if (a.id && b.id) return a.id === b.id
  if (a.email && b.email) return a.email.toLowerCase() === b.email.toLowerCase()
  // Nothing to compare by: treat it as another account, and ask.
  return false
}

export function decideConfirm({ callback, pending, signedIn }: ConfirmInput): ConfirmDecision {
  if (callback.kind === 'error') {
    return { kind: 'refuse', problem: callback.problem, detail: callback.message }
  }
  if (callback.kind === 'one-address-confirmed') {
    return { kind: 'one-address-confirmed', detail: callback.message }
  }
  let incoming: AccountIdentity | null
  if (callback.kind === 'implicit') {
    if (!pending) {
      return {
        kind: 'refuse',
        problem:
          callback.type === 'email_change' ? 'email-change-not-started-here' : 'not-started-here',
        detail: 'Session in URL without an email request from this browser',
      }
    }
    incoming = accountInToken(callback.session.access_token)
  } else {
    incoming = pending ? { id: null, email: pending.email } : null
  }
  if (signedIn && incoming && !sameAccount(signedIn, incoming)) {
    return { kind: 'ask', current: signedIn, incoming }
  }
  return { kind: 'sign-in' }
}
