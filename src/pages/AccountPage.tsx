import { Link } from 'react-router-dom'
import { Seo } from '../app/Seo'
import { RequireUser } from '../features/auth'
import { AccountPanel } from '../features/workspace/account'

/** The account's own page: password, two-factor, plan and billing, sessions. */
export function Component() {
  return (
    <div className="account-page">
      <Seo
        title="Account"
        description="Your Folio account: password, two-factor, plan and sessions."
        path="/dashboard/account"
        noIndex
      />
      <p className="account-page__back">
        <Link to="/dashboard">
          <span aria-hidden="true">←</span> Back to your notes
        </Link>
      </p>
      <h1>Account</h1>
      <RequireUser>{(session) => <AccountPanel session={session} />}</RequireUser>
    </div>
  )
}
