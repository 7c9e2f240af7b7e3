import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { Seo } from '../app/Seo'
import { RequireUser } from '../features/auth'
import { Workspace } from '../features/workspace'

export function Component() {
  // The account page is a click away: have its code at hand, should the connection go first
  // (on a train, offline it would otherwise be the error screen). It needs nothing else.
  useEffect(() => {
    import('../app/fetchPageAhead').then(
      (module) => module.fetchPageAhead('/dashboard/account'),
      () => undefined,
    )
  }, [])
  return (
    <div className="workspace-page">
      <Seo title="Your workspace" description="Your Folio notes." path="/dashboard" noIndex />
      {/* The panes speak for themselves on screen; the page still has its title for readers. */}
      <h1 className="visually-hidden">Your workspace</h1>
      <RequireUser>
        {(session) => (
          <Workspace
            userId={session.user.id}
            footer={
              <p className="workspace__account">
                <span data-testid="signed-in-as">
                  Signed in as {session.user.email ?? session.user.phone}
                </span>
                <Link to="/dashboard/account">Account settings</Link>
              </p>
            }
          />
        )}
      </RequireUser>
    </div>
  )
}
