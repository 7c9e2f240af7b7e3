import { Link } from 'react-router-dom'
import {
  findPlan,
  formatAmount,
  yearlySavingPercent,
  type BillingInterval,
  type PlanPrice,
} from './plans'

const intervalWords: Record<BillingInterval, string> = { month: 'per month', year: 'per year' }

export function checkoutPath(interval: BillingInterval): string {
  return `/subscribe/stripe?plan=pro&interval=${interval}`
}

function ProPrice({ price }: { price: PlanPrice }) {
  const perMonth =
    price.interval === 'year'
      ? formatAmount(Math.round(price.unitAmount / 12), price.currency)
      : null
  return (
    <div className="plan__offer" data-interval={price.interval}>
      <p className="plan__price">
        <strong>{formatAmount(price.unitAmount, price.currency)}</strong>{' '}
        {intervalWords[price.interval]}
        {perMonth ? <span className="plan__note"> ({perMonth} a month)</span> : null}
      </p>
      <Link className="button button--primary" to={checkoutPath(price.interval)}>
        {price.interval === 'year' ? 'Go Pro yearly' : 'Go Pro monthly'}
      </Link>
    </div>
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
  return (
    <div className="pricing-plans">
      <fieldset className="billing-toggle">
        <legend>Billing period</legend>
        <input type="radio" id="billing-month" name="billing" value="month" defaultChecked />
        <label htmlFor="billing-month">Monthly</label>
        <input type="radio" id="billing-year" name="billing" value="year" />
        <label htmlFor="billing-year">
          Yearly
          {saving > 0 ? <span className="billing-toggle__saving"> save {saving}%</span> : null}
        </label>
      </fieldset>
      <div className="plan-grid">
        <article className="card plan" aria-labelledby="plan-free">
          <h2 id="plan-free">{free.name}</h2>
          <p className="plan__price">
            <strong>{formatAmount(0, pro.prices[0]?.currency ?? 'usd')}</strong> forever
          </p>
          <p>
            Up to {free.documentLimit} documents, the full editor and preview, sync and two-factor
            sign-in.
          </p>
          <Link className="button" to="/login?mode=signup">
            Start free
          </Link>
        </article>
        <article className="card plan plan--featured" aria-labelledby="plan-pro">
          <h2 id="plan-pro">{pro.name}</h2>
          {pro.prices.map((price) => (
            <ProPrice key={price.id} price={price} />
          ))}
          <p>Unlimited documents, image attachments and priority support.</p>
        </article>
      </div>
    </div>
  )
}
