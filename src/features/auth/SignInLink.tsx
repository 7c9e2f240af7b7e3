import { NavLink } from 'react-router-dom'

/**
 * The header's account corner for a visitor who is not signed in (and before hydration). On the
 * sign-in page itself it is a NavLink's aria-current="page", drawn as where you are
 * (forms.css): the prerender writes it, so hydrating changes nothing.
 */
export function SignInLink() {
  return (
    <NavLink to="/login" className="button button--small" data-testid="account-sign-in">
      Sign in
    </NavLink>
  )
}
