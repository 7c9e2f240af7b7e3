import { useState } from 'react'
import { Link } from 'react-router-dom'
import { FormMessage } from '../../components/FormMessage'
import { ChangePasswordLink } from './ChangePasswordLink'
import { signOutWith } from './signOut'
import { readStoredAuth } from './storedAuth'
import { loadSupabase } from './supabaseClient'
import { DEFAULT_AFTER_SIGN_IN } from './useAuthRedirect'
import { describeAuthError } from './describeAuthError'
import { awaitsSecondFactor } from './session'

/** Whoever this browser's stored session belongs to, if it holds a valid one. */
export interface StoredAccount {
  email: string
  /**
   * The password was given, the two-factor code not yet: the session is at aal1 and the account
   * has a verified factor. Such a session reaches none of the account's notes.
   */
  awaitsSecondFactor: boolean
}

export function storedAccount(): StoredAccount | null {
  const session = readStoredAuth()
  const email = session?.user?.email
  return session && email ? { email, awaitsSecondFactor: awaitsSecondFactor(session) } : null
}

/** The /login modes that show the notice; each says what its form would do to the session. */
export type NoticeMode = 'signin' | 'signup' | 'magic' | 'forgot'

interface SignedInNoticeProps {
  account: StoredAccount
  mode: NoticeMode
  /** Where signing in would lead: the `?redirect=` page, or the dashboard. */
  target: string
  /** The two-factor step, with the same way back. */
  secondFactorHref: string
}

/**
 * On /login for someone already signed in (a bookmark, the back button, an old email): who
 * they are and the way on, without moving them, since they may have come to switch accounts.
 * Someone half way through signing in (password given, code not) reaches none of their notes
 * yet: they are offered the rest of the step, or to end it.
 */
export function SignedInNotice({ account, mode, target, secondFactorHref }: SignedInNoticeProps) {
  const [ended, setEnded] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const email = <strong>{account.email}</strong>

  if (ended) return <FormMessage kind="info">You are signed out.</FormMessage>

  if (account.awaitsSecondFactor) {
    // As the two-factor step's "Use another account": this session never reached the notes,
    // and whoever is here has not proven to be their owner, so nothing on the device is asked
    // about or deleted (decision 0014).
    const signOut = async () => {
      setBusy(true)
      try {
        await signOutWith(await loadSupabase(), 'local', null)
        setEnded(true)
      } catch (error) {
        setFailure(await describeAuthError(error))
      } finally {
        setBusy(false)
      }
    }
    return (
      <FormMessage kind="info">
        <p>
          You entered the password for {email}, but not yet the code from your authenticator app.
          Your notes open once you do.
        </p>
        {failure ? <p>{failure}</p> : null}
        <p className="button-row">
          <Link className="button button--primary" to={secondFactorHref}>
            Enter your code
          </Link>
          <button type="button" className="button" onClick={signOut} disabled={busy}>
            {busy ? 'Signing out…' : 'Sign out'}
          </button>
        </p>
      </FormMessage>
    )
  }

  const wayOn = (
    <Link className="button button--primary" to={target}>
      {target === DEFAULT_AFTER_SIGN_IN ? 'Open your notes' : 'Continue where you were'}
    </Link>
  )
  return (
    <FormMessage kind="info">
      <p>
        You are signed in as {email}. {consequence[mode]}
      </p>
      <p className="button-row">{mode === 'forgot' ? <ChangePasswordLink /> : wayOn}</p>
    </FormMessage>
  )
}

/** What the form below would do to the session this browser holds. */
const consequence: Record<NoticeMode, string> = {
  signin: 'Signing in below switches accounts.',
  // With confirmations on, signing up stores no session: the new account's email link does,
  // and /confirm asks before it replaces this one (confirmDecision.ts).
  signup:
    'Creating an account below keeps you signed in here until you confirm the new account’s email address.',
  // The link's page asks before it replaces the account signed in here (confirmDecision.ts).
  magic:
    'Following a sign-in link sent to another address switches accounts; Folio asks you first.',
  forgot: 'To change this account’s password you need no email: do it on your account page.',
}
