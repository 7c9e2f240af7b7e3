import { Seo } from '../app/Seo'
import { RequireUser } from '../features/auth'
import { AccountPanel, Workspace } from '../features/workspace'

export function Component() {
  return (
    <div className="workspace-page">
      <Seo title="Your workspace" description="Your Folio notes." path="/dashboard" noIndex />
      <RequireUser>
        {(session) => (
          <>
            <header className="workspace-page__header">
              <h1>Your workspace</h1>
              <p data-testid="signed-in-as">
                Signed in as {session.user.email ?? session.user.phone}
              </p>
              <a href="#account" className="workspace-page__account-link">
                Account
              </a>
            </header>
            <Workspace userId={session.user.id} />
            <AccountPanel session={session} />
          </>
        )}
      </RequireUser>
    </div>
  )
}
