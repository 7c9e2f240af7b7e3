/**
 * Stripe-shaped objects for the stand-in, built from the fixture responses in ./fixtures
 * (each a real response's shape with a placeholder id) plus the fields a request sets.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PLANS } from '../../../src/features/billing/plans.ts'

const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures')

export type StripeObject = Record<string, unknown> & { id: string; object: string }

export function fixture(name: string, fields: Record<string, unknown> = {}): StripeObject {
  const template = JSON.parse(
    readFileSync(path.join(fixturesDir, `${name}.json`), 'utf8'),
  ) as StripeObject
  return { ...template, ...fields }
}

/** Ids shaped like Stripe's: a prefix and 24 random characters. */
export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24)}`
}

export const nowSeconds = () => Math.floor(Date.now() / 1000)

/** The catalogue the local database is seeded with (supabase/seed.sql), as Stripe holds it. */
export function seededCatalog(): { products: StripeObject[]; prices: StripeObject[] } {
  const products: StripeObject[] = []
  const prices: StripeObject[] = []
  for (const plan of PLANS) {
    products.push(
      fixture('product', {
        id: plan.productId,
        name: plan.name,
        description: plan.description,
        metadata: { plan: plan.id },
      }),
    )
    for (const price of plan.prices) {
      prices.push(
        fixture('price', {
          id: price.id,
          product: plan.productId,
          currency: price.currency,
          unit_amount: price.unitAmount,
          unit_amount_decimal: String(price.unitAmount),
          recurring: {
            interval: price.interval,
            interval_count: 1,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          },
        }),
      )
    }
  }
  return { products, prices }
}

export function addInterval(seconds: number, interval: string): number {
  const date = new Date(seconds * 1000)
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1)
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7)
  else if (interval === 'day') date.setUTCDate(date.getUTCDate() + 1)
  else date.setUTCMonth(date.getUTCMonth() + 1)
  return Math.floor(date.getTime() / 1000)
}

/** A subscription with one item for `price`, current period starting `start`. */
export function buildSubscription(options: {
  customer: string
  price: StripeObject
  metadata: Record<string, unknown>
  start?: number
  status?: string
}): StripeObject {
  const start = options.start ?? nowSeconds()
  const id = stripeId('sub')
  const interval = (options.price.recurring as { interval: string } | null)?.interval ?? 'month'
  const item = fixture('subscription_item', {
    id: stripeId('si'),
    created: start,
    current_period_start: start,
    current_period_end: addInterval(start, interval),
    price: options.price,
    subscription: id,
  })
  const template = fixture('subscription')
  return {
    ...template,
    id,
    created: start,
    start_date: start,
    billing_cycle_anchor: start,
    customer: options.customer,
    currency: options.price.currency,
    metadata: options.metadata,
    status: options.status ?? 'active',
    items: {
      ...(template.items as object),
      data: [item],
      url: `/v1/subscription_items?subscription=${id}`,
    },
  }
}

export function buildInvoice(subscription: StripeObject, status: 'paid' | 'open'): StripeObject {
  const item = (subscription.items as { data: StripeObject[] }).data[0] as StripeObject
  const amount = ((item.price as StripeObject).unit_amount as number) ?? 0
  return fixture('invoice', {
    id: stripeId('in'),
    created: nowSeconds(),
    customer: subscription.customer,
    currency: subscription.currency,
    amount_due: amount,
    amount_paid: status === 'paid' ? amount : 0,
    amount_remaining: status === 'paid' ? 0 : amount,
    total: amount,
    subtotal: amount,
    status,
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    parent: {
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
      type: 'subscription_details',
    },
  })
}

/** An event as Stripe sends it to a webhook endpoint. */
export function buildEvent(
  type: string,
  object: StripeObject,
  created = nowSeconds(),
  previousAttributes?: Record<string, unknown>,
): StripeObject {
  return fixture('event', {
    id: stripeId('evt'),
    created,
    type,
    data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
  })
}
