import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'
import { RequireUser } from '../features/auth'
import { PortalRedirect } from '../features/billing/account'

export function Component() {
  return (
    <div className="prose-page">
      <Seo
        title="Manage your subscription"
        description="Manage billing for your Folio subscription."
        path="/stripe"
        noIndex
      />
      <PageHeader
        title="Manage your subscription"
        lead="Card, invoices, plan changes and cancellation are handled in Stripe's billing portal."
      />
      <RequireUser>{() => <PortalRedirect />}</RequireUser>
    </div>
  )
}
