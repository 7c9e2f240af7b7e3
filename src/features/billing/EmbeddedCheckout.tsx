import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { useSafeNavigate } from '../../app/useSafeNavigate'
import { FormMessage } from '../../components/FormMessage'
import { callBillingFunction, hasLiveSubscription } from './billingApi'
import { findPrice, formatAmount, type BillingInterval, type PlanId } from './plans'
import {
  StripeUnavailableError,
  createEmbeddedCheckout,
  loadStripeJs,
  publishableKey,
} from './stripeJs'

type CheckoutState =
  | { kind: 'preparing' }
  | { kind: 'ready' }
  | { kind: 'stripe-unavailable' }
  | { kind: 'error'; message: string }

interface EmbeddedCheckoutProps {
  plan: PlanId
  interval: BillingInterval
}

/**
 * Stripe Embedded Checkout for one plan: asks the create-checkout-session function for a
 * client secret (a user who already subscribes is sent to the portal instead), loads
 * Stripe.js, mounts the checkout. Stripe.js failing to load shows why and offers a retry.
 */
export function EmbeddedCheckout({ plan, interval }: EmbeddedCheckoutProps) {
  const navigate = useSafeNavigate()
  const mountRef = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<CheckoutState>({ kind: 'preparing' })
  const [attempt, setAttempt] = useState(0)
  const price = findPrice(plan, interval)
  // The router may hand out a new navigate function; that must not start a second checkout.
  const navigateRef = useRef(navigate)
  useEffect(() => {
    navigateRef.current = navigate
  })

  useEffect(() => {
    let cancelled = false
    let destroy: (() => void) | undefined
    void (async () => {
      const key = publishableKey()
      if (!price || !key) {
        setState({
          kind: 'error',
          message: key
            ? 'That plan is not available. Choose one on the pricing page.'
            : 'Checkout is not configured on this site yet. Please try again later.',
        })
        return
      }
      if (await hasLiveSubscription()) {
        if (!cancelled) navigateRef.current('/stripe', { replace: true })
        return
      }
      if (cancelled) return
      const session = await callBillingFunction<{ clientSecret: string }>(
        'create-checkout-session',
        { price: price.id },
      )
      if (cancelled) return
      if (!session.ok) {
        if (session.code === 'already_subscribed')
          return navigateRef.current('/stripe', { replace: true })
        return setState({ kind: 'error', message: session.message })
      }
      try {
        const stripe = await loadStripeJs(key)
        if (cancelled) return
        const checkout = await createEmbeddedCheckout(stripe, {
          fetchClientSecret: () => Promise.resolve(session.data.clientSecret),
        })
        if (cancelled || !mountRef.current) return checkout.destroy()
        checkout.mount(mountRef.current)
        destroy = () => checkout.destroy()
        setState({ kind: 'ready' })
      } catch (error) {
        if (cancelled) return
        setState(
          error instanceof StripeUnavailableError
            ? { kind: 'stripe-unavailable' }
            : { kind: 'error', message: 'Checkout could not start. Please try again.' },
        )
      }
    })()
    return () => {
      cancelled = true
      destroy?.()
    }
  }, [attempt, price])

  const retry = () => {
    setState({ kind: 'preparing' })
    setAttempt((count) => count + 1)
  }

  return (
    <div className="checkout">
      {price ? (
        <p className="checkout__summary">
          Folio Pro, <strong>{formatAmount(price.unitAmount, price.currency)}</strong> per{' '}
          {price.interval}. Cancel any time from the billing portal.
        </p>
      ) : null}
      {state.kind === 'preparing' ? (
        <p className="status-note" role="status">
          Preparing secure checkout…
        </p>
      ) : null}
      {state.kind === 'stripe-unavailable' || state.kind === 'error' ? (
        <FormMessage kind="error">
          {state.kind === 'error' ? (
            <p>{state.message}</p>
          ) : (
            <p>
              Stripe&apos;s secure checkout could not be loaded. Your connection may be offline, or
              a browser extension may be blocking js.stripe.com. Check your connection or allow
              Stripe on this page, then try again.
            </p>
          )}
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={retry}>
              Try again
            </button>
            <Link className="button" to="/pricing">
              Back to pricing
            </Link>
          </div>
        </FormMessage>
      ) : null}
      <div ref={mountRef} className="checkout__frame" data-testid="embedded-checkout" />
    </div>
  )
}
