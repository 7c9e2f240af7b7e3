import { useRef } from 'react'
import { useFocusOnShow } from '../../components/useFocusOnShow'

interface SignUpEmailSentProps {
  email: string
  /** Back to an empty sign-up form, for a mistyped address or a mail that never came. */
  onUseAnotherEmail: () => void
}

/**
 * What the sign-up form turns into once the confirmation email is on its way: the form is done,
 * so it leaves the screen rather than inviting a second 'Create account'. Focus moves to the
 * heading so keyboard and screen-reader users land on the news, not on the page's top.
 */
export function SignUpEmailSent({ email, onUseAnotherEmail }: SignUpEmailSentProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useFocusOnShow(true, () => heading.current)
  return (
    <div className="form-message form-message--success sign-up-sent" role="status">
      <h2 ref={heading} tabIndex={-1}>
        Check your email
      </h2>
      <p>
        Almost there: we sent a confirmation link to {email}. Open it to finish creating your
        account.
      </p>
      <p>
        Wrong address, or nothing after a few minutes?{' '}
        <button type="button" className="link-button" onClick={onUseAnotherEmail}>
          Use another email
        </button>
      </p>
    </div>
  )
}
