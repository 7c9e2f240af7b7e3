import { Link } from 'react-router-dom'
import { FormMessage } from '../../components/FormMessage'
import { readStoredAuth } from './storedAuth'
import { DEFAULT_AFTER_SIGN_IN } from './useAuthRedirect'

/** The address of whoever this browser's stored session belongs to, if it holds a valid one. */
export function signedInEmail(): string | null {
  return readStoredAuth()?.user?.email ?? null
}

interface SignedInNoticeProps {
  email: string
  /** Where signing in would lead: the `?redirect=` page, or the dashboard. */
  target: string
}

/**
 * On /login for someone already signed in (a bookmark, the back button, an old email): who
 * they are and the way on, without moving them, since they may have come to switch accounts.
 */
export function SignedInNotice({ email, target }: SignedInNoticeProps) {
  return (
    <FormMessage kind="info">
      <p>
        You are signed in as <strong>{email}</strong>. Signing in below switches accounts.
      </p>
      <p>
        <Link className="button button--primary" to={target}>
          {target === DEFAULT_AFTER_SIGN_IN ? 'Open your notes' : 'Continue where you were'}
        </Link>
      </p>
    </FormMessage>
  )
}
