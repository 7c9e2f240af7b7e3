import { Seo } from '../app/Seo'
import { RequireUser, SignOutOptions, TwoFactorSettings } from '../features/auth'

export function Component() {
  return (
    <div className="prose-page">
      <Seo title="Your workspace" description="Your Folio notes." path="/dashboard" noIndex />
      <RequireUser>
        {(session) => (
          <>
            <h1>Your workspace</h1>
            <p data-testid="signed-in-as">
              Signed in as {session.user.email ?? session.user.phone}
            </p>
            <div id="account">
              <TwoFactorSettings />
              <SignOutOptions />
            </div>
          </>
        )}
      </RequireUser>
    </div>
  )
}
