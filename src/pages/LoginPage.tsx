import { Link } from 'react-router-dom'
import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'

export function Component() {
  return (
    <div className="prose-page">
      <Seo
        title="Sign in"
        description="Sign in to Folio or create an account."
        path="/login"
        noIndex
      />
      <PageHeader title="Sign in" />
      <p>
        Sign in to Folio to open your notes. <Link to="/">Back to the home page</Link>.
      </p>
    </div>
  )
}
