import { Seo } from '../app/Seo'
import { ConfirmPanel } from '../features/auth/ConfirmPanel'

export function Component() {
  return (
    <div className="prose-page">
      <Seo
        title="Signing you in"
        description="Completing sign-in to Folio."
        path="/confirm"
        noIndex
      />
      <ConfirmPanel />
    </div>
  )
}
