import { Link } from 'react-router-dom'
import { FormMessage } from '../../components/FormMessage'
import { ChangePasswordLink } from './ChangePasswordLink'
import { DEFAULT_AFTER_SIGN_IN } from './useAuthRedirect'

interface WeakPasswordNoticeProps {
  /** Why the sign-in service finds the password weak now: 'pwned', 'length', 'characters'. */
  reasons: string[]
  /** Where signing in leads: the `?redirect=` page, or the dashboard. */
  target: string
}

/**
 * Signed in, with a password the service would no longer accept (hosted Auth's leaked password
 * protection found it in a breach since it was chosen, or the rules grew stricter): the person
 * is in, and is told why and offered the change, without being held up if now is not the time.
 */
export function WeakPasswordNotice({ reasons, target }: WeakPasswordNoticeProps) {
  return (
    <FormMessage kind="info">
      <p>
        {reasons.includes('pwned')
          ? 'The password you signed in with has appeared in a data breach on another site. People who try leaked passwords could get into your Folio account with it.'
          : 'The password you signed in with no longer meets Folio’s password rules.'}{' '}
        Choose a new one on your account page: it takes a minute.
      </p>
      {/* Either answer takes the notice's place in the history, as signing in takes the sign-in
          page's: Back then leads to the page before signing in, not to a question answered. */}
      <p className="button-row">
        <ChangePasswordLink replace />
        <Link className="button" to={target} replace>
          {target === DEFAULT_AFTER_SIGN_IN ? 'Not now, open your notes' : 'Not now, continue'}
        </Link>
      </p>
    </FormMessage>
  )
}
