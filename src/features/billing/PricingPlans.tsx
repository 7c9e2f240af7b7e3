import { useEffect, useState, type ComponentType } from 'react'
import { Link } from 'react-router-dom'
import {
  findPlan,
  formatAmount,
  yearlySavingPercent,
  type BillingInterval,
  type PlanPrice,
} from './plans'
import type { Viewer } from './viewerPlan'

const intervalWords: Record<BillingInterval, string> = { month: 'per month', year: 'per year' }

export function checkoutPath(interval: BillingInterval): string {
  return `/subscribe/stripe?plan=pro&interval=${interval}`
}

type Probe = ComponentType<{ onViewer: (viewer: Viewer) => void }>

/**
 * The viewer's plan, known only after hydration: the prerendered page is the visitor's, and
 * the probe (with the session code behind it) loads afterwards, outside the first load.
 */
function useViewer(): { viewer: Viewer; probe: React.ReactNode } {
  const [viewer, setViewer] = useState<Viewer>({ status: 'unknown' })
  const [Probe, setProbe] = useState<Probe | null>(null)
  useEffect(() => {
    let mounted = true
    import('./ViewerPlanProbe').then(
      (module) => mounted && setProbe(() => module.ViewerPlanProbe),
      () => undefined, // unreachable chunk: the visitor's page still works
    )
    return () => {
      mounted = false
    }
  }, [])
  return { viewer, probe: Probe ? <Probe onViewer={setViewer} /> : null }
}

function CurrentPlanBadge() {
  return (
    <p className="plan__current" data-testid="current-plan">
      Current plan
    </p>
  )
}

function ProPrice({ price }: { price: PlanPrice }) {
  const perMonth =
    price.interval === 'year'
      ? formatAmount(Math.round(price.unitAmount / 12), price.currency)
      : null
  return (
    <p className="plan__price" data-interval={price.interval}>
      <strong>{formatAmount(price.unitAmount, price.currency)}</strong>{' '}
      {intervalWords[price.interval]}
      {perMonth ? <span className="plan__note"> ({perMonth} a month)</span> : null}
    </p>
  )
}

function ProCheckout({ price }: { price: PlanPrice }) {
  return (
    <Link
      className="button button--primary"
      to={checkoutPath(price.interval)}
      data-interval={price.interval}
    >
      {price.interval === 'year' ? 'Go Pro yearly' : 'Go Pro monthly'}
    </Link>
  )
}

/**
 * Free and Pro side by side with a monthly / yearly switch. The switch is two radio buttons
 * and CSS (`.pricing:has(#billing-year:checked)`), so it works in the prerendered HTML before,
 * or without, any JavaScript; each interval has its own price and its own checkout link.
 */
export function PricingPlans() {
  const free = findPlan('free')
  const pro = findPlan('pro')
  const saving = yearlySavingPercent(pro)
  const { viewer, probe } = useViewer()
  const signedIn = viewer.status === 'signed-in'
  const onPro = signedIn && viewer.plan === 'pro'
  return (
    <div className="pricing-plans" data-viewer={viewer.status}>
      {probe}
      <fieldset className="billing-toggle">
        <legend className="visually-hidden">Billing period</legend>
        <input type="radio" id="billing-month" name="billing" value="month" defaultChecked />
        <label htmlFor="billing-month">Monthly</label>
        <input type="radio" id="billing-year" name="billing" value="year" />
        <label htmlFor="billing-year">
          Yearly
          {saving > 0 ? (
            <span className="billing-toggle__saving">
              {/* Flex items drop the space between them: this one is for screen readers. */}
              <span className="visually-hidden">, </span>save {saving}%
            </span>
          ) : null}
        </label>
      </fieldset>
      <div className="plan-grid">
        <article className="card plan" aria-labelledby="plan-free">
          <h2 id="plan-free">{free.name}</h2>
          {signedIn && !onPro ? <CurrentPlanBadge /> : null}
          <p className="plan__price">
            <strong>{formatAmount(0, pro.prices[0]?.currency ?? 'usd')}</strong> forever
          </p>
          <p>
            Up to {free.documentLimit} documents, the full editor and preview, sync and two-factor
            sign-in.
          </p>
          {signedIn ? (
            onPro ? null : (
              <Link className="button" to="/dashboard">
                Open your notes
              </Link>
            )
          ) : (
            <Link className="button" to="/login?mode=signup">
              Start free
            </Link>
          )}
        </article>
        <article className="card plan plan--featured" aria-labelledby="plan-pro">
          <h2 id="plan-pro">{pro.name}</h2>
          {onPro ? <CurrentPlanBadge /> : null}
          {onPro && viewer.endsOn ? (
            <p className="plan__note" data-testid="plan-ends">
              Cancelled: Pro ends on {viewer.endsOn}. Nothing is deleted then.
            </p>
          ) : null}
          {pro.prices.map((price) => (
            <ProPrice key={price.id} price={price} />
          ))}
          <p>Unlimited documents, image attachments and priority support.</p>
          {onPro ? null : pro.prices.map((price) => <ProCheckout key={price.id} price={price} />)}
          {signedIn && viewer.paying ? (
            <Link className="button" to="/stripe">
              {viewer.endsOn ? 'Resume or manage billing' : 'Manage billing'}
            </Link>
          ) : null}
        </article>
      </div>
    </div>
  )
}
