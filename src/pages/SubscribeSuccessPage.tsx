import { Link } from 'react-router-dom'
import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'

export function Component() {
  return (
    <div className="prose-page">
      <Seo
        title="Welcome to Pro"
        description="Your Folio Pro subscription."
        path="/subscribe/success"
        noIndex
      />
      <PageHeader title="Welcome to Pro" />
      <p>
        Thank you for subscribing. <Link to="/dashboard">Open your workspace</Link>.
      </p>
    </div>
  )
}
