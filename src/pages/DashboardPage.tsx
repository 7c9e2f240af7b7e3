import { Link } from 'react-router-dom'
import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'

export function Component() {
  return (
    <div className="prose-page">
      <Seo title="Your workspace" description="Your Folio notes." path="/dashboard" noIndex />
      <PageHeader title="Your workspace" />
      <p>
        Your notes live here. <Link to="/login?redirect=/dashboard">Sign in</Link> to open them.
      </p>
    </div>
  )
}
