import { useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { useFocusOnShow } from '../../components/useFocusOnShow'
import { describeAuthError } from './describeAuthError'
import { EmailAddress } from './EmailAddress'
import { loadSupabase } from './supabaseClient'
import { callbackUrl } from './useAuthRedirect'

interface SignUpEmailSentProps {
  email: string
  /** Where signing in should lead, kept on the links to sign in or reset the password. */
  redirectTarget: string
  /** Back to an empty sign-up form, for a mistyped address or a mail that never came. */
  onUseAnotherEmail: () => void
}

/**
 * What the sign-up form turns into once the confirmation email is on its way: the form is done,
 * so it leaves the screen rather than inviting a second 'Create account'. Focus moves to the
 * heading so keyboard and screen-reader users land on the news, not on the page's top.
 */
export function SignUpEmailSent({
  email,
  redirectTarget,
  onUseAnotherEmail,
}: SignUpEmailSentProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useFocusOnShow(true, () => heading.current)
  return (
    <div className="form-message form-message--success sign-up-sent" role="status">
      <h2 ref={heading} tabIndex={-1}>
        Check your email
      </h2>
      <p>
        Almost there: we sent a confirmation link to <EmailAddress address={email} />. Open it to
        finish creating your account.
      </p>
      {/* The auth service answers a sign-up for an address it knows as it does a new one and
          sends no email (GoTrue v2.196 internal/api/signup.go, Signup: on UserExistsError it
          answers sanitizeUser's stand-in user), so nobody can learn who has an account. This
          is the one place to tell the person who forgot they had one what to do. */}
      <p>
        If you already have an account with this address, no email comes:{' '}
        <Link to={`/login?${new URLSearchParams({ redirect: redirectTarget })}`}>sign in</Link> or{' '}
        <Link to={`/login?${new URLSearchParams({ mode: 'forgot', redirect: redirectTarget })}`}>
          reset your password
        </Link>{' '}
        instead.
      </p>
      <SendConfirmationAgain
        email={email}
        redirectTarget={redirectTarget}
        question="Nothing after a few minutes?"
      />
      <p>
        Wrong address?{' '}
        <button type="button" className="link-button" onClick={onUseAnotherEmail}>
          Use another email
        </button>
      </p>
    </div>
  )
}

interface SendConfirmationAgainProps {
  /** The address whose sign-up is not confirmed yet. */
  email: string
  /** Where the new link should lead once it has confirmed the address. */
  redirectTarget: string
  /** What leads to it, in the words of the screen it is on (the sign-in form's by default). */
  question?: string
}

/**
 * 'Send it again' for a sign-up's confirmation email, with what it came to said after it: under
 * 'Check your email' once signed up (SignUpEmailSent), and under the sign-in form's refusal of an
 * address not confirmed yet (PasswordForm), which fetches this module with that refusal: one
 * chunk for both, so /login's first load names one import, not two.
 *
 * The auth service sends at most one confirmation a minute per address (`max_frequency` in
 * supabase/config.toml); an earlier try is refused in words (over_email_send_rate_limit). The
 * button stays enabled while sending, only marked so: a disabled button would drop the keyboard
 * to the top of the page, and a second press meanwhile does nothing.
 */
export function SendConfirmationAgain({
  email,
  redirectTarget,
  question = 'No email, or its link has expired?',
}: SendConfirmationAgainProps) {
  /** What the last 'send it again' came to. */
  const [resent, setResent] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  async function sendAgain() {
    if (sending) return
    setSending(true)
    try {
      const supabase = await loadSupabase()
      const { error } = await supabase.auth.resend({
        type: 'signup',
        email,
        options: { emailRedirectTo: callbackUrl(redirectTarget, email, 'signup') },
      })
      if (error) throw error
      setResent(`We sent the link to ${email} again.`)
    } catch (failure) {
      setResent(await describeAuthError(failure))
    } finally {
      setSending(false)
    }
  }

  return (
    <p className="form-message__more">
      {question} Check your spam folder, or{' '}
      <button type="button" className="link-button" onClick={sendAgain} aria-disabled={sending}>
        send it again
      </button>
      .{resent ? ` ${resent}` : null}
    </p>
  )
}
