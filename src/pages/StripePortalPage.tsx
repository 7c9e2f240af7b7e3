import { Link } from 'react-router-dom'
import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'

export function Component() {
  return (
    <div className="prose-page">
      <Seo
        title="Manage your subscription"
        description="Manage billing for your Folio subscription."
        path="/stripe"
        noIndex
      />
      <PageHeader title="Manage your subscription" />
      <p>
        Billing is managed in the Stripe customer portal. <Link to="/pricing">See plans</Link>.
      </p>
    </div>
  )
}
