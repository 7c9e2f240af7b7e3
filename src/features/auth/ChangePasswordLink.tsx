import { Link } from 'react-router-dom'
import { CHANGE_PASSWORD_STATE } from '../../routeRules'

/** To the account page, opened on its change-password form (AccountPanel.tsx). */
export function ChangePasswordLink({ replace = false }: { replace?: boolean }) {
  return (
    <Link
      className="button button--primary"
      to="/dashboard/account"
      state={CHANGE_PASSWORD_STATE}
      replace={replace}
    >
      Change your password
    </Link>
  )
}
