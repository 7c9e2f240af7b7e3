import { Link } from 'react-router-dom'
import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'

export function Component() {
  return (
    <div className="prose-page">
      <Seo
        title="Signing you in"
        description="Completing sign-in to Folio."
        path="/confirm"
        noIndex
      />
      <PageHeader title="Signing you in" />
      <p>
        One moment while we complete your sign-in. <Link to="/login">Back to sign in</Link>.
      </p>
    </div>
  )
}
