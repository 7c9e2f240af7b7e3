import { Link, useSearchParams } from 'react-router-dom'
import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'
import { RequireUser } from '../features/auth'
import type { BillingInterval } from '../features/billing'
import { EmbeddedCheckout } from '../features/billing/checkout'

export function Component() {
  const [params] = useSearchParams()
  // The route's validator already refused unknown values; missing ones mean Pro, monthly.
  const interval: BillingInterval = params.get('interval') === 'year' ? 'year' : 'month'
  return (
    <div className="prose-page">
      <Seo
        title="Upgrade to Pro"
        description="Subscribe to Folio Pro."
        path="/subscribe/stripe"
        noIndex
      />
      <PageHeader
        title="Upgrade to Pro"
        lead={
          <>
            Pay securely with Stripe. <Link to="/pricing">Compare plans</Link>
          </>
        }
      />
      <RequireUser>{() => <EmbeddedCheckout plan="pro" interval={interval} />}</RequireUser>
    </div>
  )
}
