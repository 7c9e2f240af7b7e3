import { Link, useSearchParams } from 'react-router-dom'
import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'
import { useIsHydrated } from '../app/useIsHydrated'
import { toSafeRedirectPath } from '../lib/urlSafety'
import { successMessageFor } from './successMessages'

/**
 * Where a finished request lands (`?from=contact`, `?from=email-confirmed`), with the one
 * message for that flow. The prerendered page knows no query: it hydrates as the general
 * message, then follows the address.
 */
export function Component() {
  const [params] = useSearchParams()
  const hydrated = useIsHydrated()
  const message = successMessageFor(hydrated ? params.get('from') : null)
  const redirect =
    hydrated && message.keepsRedirect
      ? toSafeRedirectPath(params.get('redirect'), window.location.origin)
      : null
  const next = redirect
    ? `${message.next.to}?${new URLSearchParams({ redirect })}`
    : message.next.to
  return (
    <div className="prose-page">
      <Seo title="Thank you" description="Your request went through." path="/success" noIndex />
      <PageHeader title="Thank you" lead={message.lead} />
      <p data-testid="success-message">{message.body}</p>
      <p>
        <Link className="button" to={next}>
          {message.next.label}
        </Link>
      </p>
    </div>
  )
}
