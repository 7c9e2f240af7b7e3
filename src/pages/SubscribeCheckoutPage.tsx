import { Link } from 'react-router-dom'
import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'

export function Component() {
  return (
    <div className="prose-page">
      <Seo
        title="Upgrade to Pro"
        description="Subscribe to Folio Pro."
        path="/subscribe/stripe"
        noIndex
      />
      <PageHeader title="Upgrade to Pro" />
      <p>
        Checkout opens here for signed-in users. <Link to="/pricing">Back to pricing</Link>.
      </p>
    </div>
  )
}
