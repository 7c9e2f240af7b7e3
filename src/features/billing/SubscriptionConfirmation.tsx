import { Link, useLocation, useSearchParams } from 'react-router-dom'
import { useIsHydrated } from '../../app/useIsHydrated'
import { FormMessage } from '../../components/FormMessage'
import { formatLocalDay } from '../../lib/formatDate'
import { useAuthState } from '../auth'
import { formatAmount } from './plans'
import { MAX_CHECKS, useCheckoutStatus, type ConfirmationState } from './useCheckoutStatus'

const SESSION_ID = /^cs_[A-Za-z0-9_]+$/

function Confirmed({
  subscription,
}: {
  subscription: Extract<ConfirmationState, { kind: 'confirmed' }>['subscription']
}) {
  const price =
    subscription.unitAmount !== null && subscription.currency
      ? `${formatAmount(subscription.unitAmount, subscription.currency)} per ${subscription.interval}`
      : null
  return (
    <section
      className="card confirmation"
      aria-labelledby="confirmed-title"
      data-testid="subscription-confirmed"
    >
      <h2 id="confirmed-title">You are on Folio {subscription.plan ?? 'Pro'}</h2>
      <p>
        Plan: <strong>{subscription.plan ?? 'Pro'}</strong>
        {price ? `, ${price}` : null}. {subscription.cancelAtPeriodEnd ? 'Ends' : 'Renews'} on{' '}
        {formatLocalDay(subscription.currentPeriodEnd)}.
      </p>
      <p>Unlimited documents and image attachments are unlocked.</p>
      <Link className="button button--primary" to="/dashboard">
        Open your dashboard
      </Link>
    </section>
  )
}

/**
 * /subscribe/success: Stripe sends the customer here with `session_id`. It waits, visibly and
 * for a bounded time, until the webhook has recorded the subscription, then shows the plan.
 */
export function SubscriptionConfirmation() {
  const [params] = useSearchParams()
  const location = useLocation()
  const auth = useAuthState()
  const raw = params.get('session_id')
  const sessionId = raw && SESSION_ID.test(raw) ? raw : null
  const signedIn = auth.status === 'signed-in'
  const { state, restart } = useCheckoutStatus(sessionId, signedIn)
  // The prerendered page knows no session_id; decide only once the address is readable.
  const hydrated = useIsHydrated()

  if (!hydrated)
    return (
      <p className="status-note" role="status">
        Checking your session…
      </p>
    )
  if (!sessionId)
    return (
      <FormMessage kind="error">
        <p>
          This confirmation link has no valid checkout session. If you just paid, your subscription
          is still on its way: see your <Link to="/dashboard">dashboard</Link>, or choose a plan on
          the <Link to="/pricing">pricing page</Link>.
        </p>
      </FormMessage>
    )
  if (auth.status === 'unknown')
    return (
      <p className="status-note" role="status">
        Checking your session…
      </p>
    )
  if (!signedIn) {
    const back = `${location.pathname}${location.search}`
    return (
      <FormMessage kind="info">
        <p>
          <Link to={`/login?${new URLSearchParams({ redirect: back })}`}>Sign in</Link> to see your
          subscription.
        </p>
      </FormMessage>
    )
  }

  switch (state.kind) {
    case 'confirmed':
      return <Confirmed subscription={state.subscription} />
    case 'checking':
      return (
        <div className="confirmation" role="status" aria-live="polite">
          <p>Payment received. Waiting for Stripe to confirm your subscription…</p>
          <progress max={MAX_CHECKS} value={state.checks} aria-label="Confirmation progress" />
          <p className="status-note">
            Check {Math.max(state.checks, 1)} of {MAX_CHECKS}
          </p>
        </div>
      )
    case 'unfinished':
      return (
        <FormMessage kind="info">
          <p>
            This checkout is not finished yet. <Link to="/pricing">Choose your plan again</Link> to
            complete it.
          </p>
        </FormMessage>
      )
    case 'expired':
      return (
        <FormMessage kind="error">
          <p>
            This checkout expired before it was paid. Nothing was charged.{' '}
            <Link to="/pricing">Start a new one</Link>.
          </p>
        </FormMessage>
      )
    case 'failed':
      return (
        <FormMessage kind="error">
          <p>{state.message}</p>
          <p>
            <Link to="/pricing">Back to pricing</Link>
          </p>
        </FormMessage>
      )
    case 'gave-up':
      return (
        <FormMessage kind="error">
          <p>
            Stripe has not confirmed your subscription yet. This usually takes a few seconds;
            nothing is lost if you paid. Check again, or look at your dashboard in a minute.
          </p>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={restart}>
              Check again
            </button>
            <Link className="button" to="/dashboard">
              Open your dashboard
            </Link>
          </div>
        </FormMessage>
      )
  }
}
