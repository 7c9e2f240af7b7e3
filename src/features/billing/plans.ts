/**
 * The plans and prices the site shows, prerendered into /pricing so the page is right without
 * JavaScript. Stripe is the source of truth and the webhook mirrors it into the `products` and
 * `prices` tables; this file is the build's snapshot of that data, and
 * tests/backend/billing-prices.test.ts fails when it disagrees with the seeded tables
 * (supabase/seed.sql). See docs/decisions/0006-pricing-data.md.
 */
import { FREE_DOCUMENT_LIMIT, type PlanId } from '../../lib/plans'

export type { PlanId }
export type BillingInterval = 'month' | 'year'

export interface PlanPrice {
  /** The Stripe price id (`prices.id`). */
  id: string
  interval: BillingInterval
  /** In the currency's smallest unit, as Stripe stores it (800 = $8.00). */
  unitAmount: number
  currency: string
}

export interface Plan {
  id: PlanId
  /** The Stripe product id (`products.id`). */
  productId: string
  name: string
  description: string
  /** null = unlimited. Enforced by the database (documents migration), shown here. */
  documentLimit: number | null
  prices: readonly PlanPrice[]
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    productId: 'prod_FolioFree',
    name: 'Free',
    description: `Up to ${FREE_DOCUMENT_LIMIT} documents, no attachments.`,
    documentLimit: FREE_DOCUMENT_LIMIT,
    prices: [],
  },
  {
    id: 'pro',
    productId: 'prod_FolioPro',
    name: 'Pro',
    description: 'Unlimited documents and image attachments.',
    documentLimit: null,
    prices: [
      { id: 'price_FolioProMonthly', interval: 'month', unitAmount: 800, currency: 'usd' },
      { id: 'price_FolioProYearly', interval: 'year', unitAmount: 8000, currency: 'usd' },
    ],
  },
]

export function findPlan(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id)
  if (!plan) throw new Error(`Unknown plan "${id}"`)
  return plan
}

export function findPrice(planId: PlanId, interval: BillingInterval): PlanPrice | undefined {
  return findPlan(planId).prices.find((price) => price.interval === interval)
}

/** The currencies written out by `formatAmount`; any other goes through Intl.NumberFormat. */
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { usd: '$', eur: '€', gbp: '£' }

/**
 * `$8`, `$80`, `$8.50`, `$1,200`: whole amounts without cents, in English as the site is.
 * Written out for the site's currencies because a page's first `Intl.NumberFormat` for a
 * currency costs Chromium 50–130 ms of main thread on the 2-core machine (loading its ICU
 * data), inside the pricing page's hydration; the result is the same (plans.test.ts).
 */
export function formatAmount(unitAmount: number, currency: string): string {
  const whole = unitAmount % 100 === 0
  const symbol = CURRENCY_SYMBOLS[currency.toLowerCase()]
  if (symbol === undefined) {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(unitAmount / 100)
  }
  const [units = '0', cents] = (Math.abs(unitAmount) / 100).toFixed(whole ? 0 : 2).split('.')
  const grouped = units.replace(/\B(?=(\d{3})+$)/g, ',')
  return `${unitAmount < 0 ? '-' : ''}${symbol}${grouped}${cents === undefined ? '' : `.${cents}`}`
}

/** How much a year costs less than twelve months, in whole percent (0 if not cheaper). */
export function yearlySavingPercent(plan: Plan): number {
  const month = plan.prices.find((price) => price.interval === 'month')
  const year = plan.prices.find((price) => price.interval === 'year')
  if (!month || !year || month.unitAmount === 0) return 0
  return Math.max(0, Math.round((1 - year.unitAmount / (month.unitAmount * 12)) * 100))
}
