import { Link } from 'react-router-dom'
import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'

/** Where a finished request lands: a sent contact message, a confirmed email address. */
export function Component() {
  return (
    <div className="prose-page">
      <Seo title="Thank you" description="Your request went through." path="/success" noIndex />
      <PageHeader title="Thank you" lead="Your request went through." />
      <p>
        If you wrote to us, we will answer by email within two working days. If you confirmed your
        email address, you can <Link to="/login">sign in</Link> now.
      </p>
      <p>
        <Link className="button" to="/">
          Back to the home page
        </Link>
      </p>
    </div>
  )
}
