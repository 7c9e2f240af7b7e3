import { Seo } from '../app/Seo'
import { LoginPanel } from '../features/auth/LoginPanel'

export function Component() {
  return (
    <div className="prose-page">
      <Seo
        title="Sign in"
        description="Sign in to Folio or create a free account."
        path="/login"
        noIndex
      />
      <LoginPanel />
    </div>
  )
}
