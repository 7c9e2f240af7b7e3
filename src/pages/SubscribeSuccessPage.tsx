import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'
import { SubscriptionConfirmation } from '../features/billing/account'

export function Component() {
  return (
    <div className="prose-page">
      <Seo
        title="Your subscription"
        description="Confirmation of your Folio Pro subscription."
        path="/subscribe/success"
        noIndex
      />
      <PageHeader title="Your subscription" />
      <SubscriptionConfirmation />
    </div>
  )
}
