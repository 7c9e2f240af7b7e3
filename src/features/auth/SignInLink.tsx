import { Link } from 'react-router-dom'

/** The header's account corner for a visitor who is not signed in (and before hydration). */
export function SignInLink() {
  return (
    <Link to="/login" className="button button--small" data-testid="account-sign-in">
      Sign in
    </Link>
  )
}
