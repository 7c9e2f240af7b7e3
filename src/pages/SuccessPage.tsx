import { Link } from 'react-router-dom'
import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'

export function Component() {
  return (
    <div className="prose-page">
      <Seo title="Thank you" description="Your request went through." path="/success" noIndex />
      <PageHeader title="Thank you" />
      <p>
        We have received it and will be in touch. <Link to="/">Back to the home page</Link>.
      </p>
    </div>
  )
}
