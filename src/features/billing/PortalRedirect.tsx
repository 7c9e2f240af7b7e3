import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { useSafeNavigate } from '../../app/useSafeNavigate'
import { FormMessage } from '../../components/FormMessage'
import { callBillingFunction } from './billingApi'
import { isBillingPortalUrl } from './stripeJs'
import { FREE_DOCUMENT_LIMIT } from '../../lib/plans'

type PortalState =
  { kind: 'opening' } | { kind: 'no-customer' } | { kind: 'error'; message: string }

/**
 * /stripe: asks create-portal-session for a Stripe customer-portal URL and leaves for it. A
 * user who never subscribed has no billing account; they are pointed at the pricing page.
 */
export function PortalRedirect() {
  const navigate = useSafeNavigate()
  const [state, setState] = useState<PortalState>({ kind: 'opening' })
  const [attempt, setAttempt] = useState(0)
  const navigateRef = useRef(navigate)
  useEffect(() => {
    navigateRef.current = navigate
  })

  useEffect(() => {
    let cancelled = false
    void callBillingFunction<{ url: string }>('create-portal-session').then((result) => {
      if (cancelled) return
      if (result.ok && isBillingPortalUrl(result.data.url))
        return navigateRef.current(result.data.url, { external: true, replace: true })
      if (!result.ok && result.code === 'no_customer') return setState({ kind: 'no-customer' })
      setState({
        kind: 'error',
        message: result.ok
          ? 'The billing portal answered with an unexpected address.'
          : result.message,
      })
    })
    return () => {
      cancelled = true
    }
  }, [attempt])

  if (state.kind === 'opening')
    return (
      <p className="status-note" role="status">
        Opening the Stripe billing portal…
      </p>
    )
  if (state.kind === 'no-customer')
    return (
      <FormMessage kind="info">
        <p>
          You do not have a billing account yet, so there is nothing to manage. Folio is free for up
          to {FREE_DOCUMENT_LIMIT} documents; Pro is one click away.
        </p>
        <p>
          <Link className="button button--primary" to="/pricing">
            See plans and pricing
          </Link>
        </p>
      </FormMessage>
    )
  return (
    <FormMessage kind="error">
      <p>{state.message}</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          setState({ kind: 'opening' })
          setAttempt((count) => count + 1)
        }}
      >
        Try again
      </button>
    </FormMessage>
  )
}
