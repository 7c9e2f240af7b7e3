/** Stripe objects → rows of our billing tables (supabase/migrations/*_billing.sql). */
import type { Stripe } from '../_shared/stripe.ts'

const iso = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000).toISOString()

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)

export function productRow(product: Stripe.Product, eventCreated: string, active = product.active) {
  return {
    id: product.id,
    active,
    name: product.name,
    description: product.description ?? null,
    image: product.images?.[0] ?? null,
    metadata: product.metadata ?? {},
    stripe_event_created: eventCreated,
  }
}

export function priceRow(price: Stripe.Price, eventCreated: string, active = price.active) {
  return {
    id: price.id,
    product_id: idOf(price.product as string | { id: string }),
    active,
    description: price.nickname ?? null,
    unit_amount: price.unit_amount ?? null,
    currency: price.currency,
    type: price.type,
    interval: price.recurring?.interval ?? null,
    interval_count: price.recurring?.interval_count ?? null,
    trial_period_days: price.recurring?.trial_period_days ?? null,
    metadata: price.metadata ?? {},
    stripe_event_created: eventCreated,
  }
}

export function subscriptionRow(
  subscription: Stripe.Subscription,
  userId: string,
  eventCreated: string,
) {
  const item = subscription.items.data[0]
  return {
    id: subscription.id,
    user_id: userId,
    status: subscription.status,
    metadata: subscription.metadata ?? {},
    price_id: item?.price.id ?? null,
    quantity: item?.quantity ?? null,
    cancel_at_period_end: subscription.cancel_at_period_end,
    created: iso(subscription.created),
    // Since API 2025-03 the billing period lives on the items.
    current_period_start: iso(item?.current_period_start ?? subscription.start_date),
    current_period_end: iso(item?.current_period_end ?? subscription.start_date),
    ended_at: iso(subscription.ended_at),
    cancel_at: iso(subscription.cancel_at),
    canceled_at: iso(subscription.canceled_at),
    trial_start: iso(subscription.trial_start),
    trial_end: iso(subscription.trial_end),
    stripe_event_created: eventCreated,
  }
}

export { idOf, iso }
