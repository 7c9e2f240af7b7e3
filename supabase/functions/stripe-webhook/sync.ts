/**
 * Applies one Stripe event to the billing tables. Every write is an upsert stamped with a
 * time; the tables' skip_stale_stripe_event trigger drops a write older than the row's stamp,
 * so redelivered and out-of-order events cannot roll state back.
 *
 * Products and prices are stamped with the event's `created`. Subscriptions are not: Stripe
 * stamps events in whole seconds, and a checkout sends `customer.subscription.created`
 * (incomplete) and `.updated` (active) in the same second, in any order. So a subscription
 * event is only a signal: the webhook reads the subscription's current state from Stripe and
 * writes that, stamped with the moment it asked, so the later read always wins.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { rememberCustomer } from '../_shared/customers.ts'
import { isStripeError, type Stripe } from '../_shared/stripe.ts'
import { idOf, iso, priceRow, productRow, subscriptionRow } from './rows.ts'

export interface SyncContext {
  db: SupabaseClient
  stripe: Stripe
  /** The event's `created`, as the timestamptz every row written is stamped with. */
  eventCreated: string
}

async function upsert(db: SupabaseClient, table: string, row: object, insertOnly = false) {
  const { error } = await db
    .from(table)
    .upsert(row, { onConflict: 'id', ignoreDuplicates: insertOnly })
  if (error) throw new Error(`${table} upsert failed: ${error.message}`)
}

async function exists(db: SupabaseClient, table: string, id: string): Promise<boolean> {
  const { data, error } = await db.from(table).select('id').eq('id', id).maybeSingle()
  if (error) throw new Error(`${table} lookup failed: ${error.message}`)
  return data !== null
}

export async function syncProduct(ctx: SyncContext, product: Stripe.Product, deleted = false) {
  // A deleted product stays as an inactive row: old subscriptions still point at its prices.
  await upsert(
    ctx.db,
    'products',
    productRow(product, ctx.eventCreated, deleted ? false : product.active),
  )
}

/** A price may arrive before its product (events are unordered): fetch the product first. */
async function ensureProduct(ctx: SyncContext, productId: string) {
  if (await exists(ctx.db, 'products', productId)) return
  const product = await ctx.stripe.products.retrieve(productId)
  await upsert(ctx.db, 'products', productRow(product, ctx.eventCreated), true)
}

export async function syncPrice(ctx: SyncContext, price: Stripe.Price, deleted = false) {
  const productId = idOf(price.product as string | { id: string })
  if (productId) await ensureProduct(ctx, productId)
  await upsert(ctx.db, 'prices', priceRow(price, ctx.eventCreated, deleted ? false : price.active))
}

async function ensurePrice(ctx: SyncContext, price: Stripe.Price) {
  if (await exists(ctx.db, 'prices', price.id)) return
  const productId = idOf(price.product as string | { id: string })
  if (productId) await ensureProduct(ctx, productId)
  await upsert(ctx.db, 'prices', priceRow(price, ctx.eventCreated), true)
}

/** Our user for a Stripe customer: the customers table, else the id our checkout put in metadata. */
async function userForSubscription(ctx: SyncContext, subscription: Stripe.Subscription) {
  const customerId = idOf(subscription.customer as string | { id: string })
  if (customerId) {
    const { data, error } = await ctx.db
      .from('customers')
      .select('id')
      .eq('stripe_customer_id', customerId)
      .maybeSingle()
    if (error) throw new Error(`customers lookup failed: ${error.message}`)
    if (data) return (data as { id: string }).id
  }
  const fromMetadata = subscription.metadata?.user_id
  if (!fromMetadata || !customerId) return null
  await rememberCustomer(ctx.db, fromMetadata, customerId)
  return fromMetadata
}

/**
 * Writes `subscription` as of `stamp`. Returns false when it belongs to nobody we know (made
 * outside Folio).
 */
async function writeSubscription(
  ctx: SyncContext,
  subscription: Stripe.Subscription,
  stamp: string,
) {
  const userId = await userForSubscription(ctx, subscription)
  if (!userId) return false
  const price = subscription.items.data[0]?.price
  if (price) await ensurePrice(ctx, price)
  await upsert(ctx.db, 'subscriptions', subscriptionRow(subscription, userId, stamp))
  return true
}

/**
 * Any event about a subscription: write its current state as Stripe has it now. The stamp is
 * taken before asking (millisecond precision, where events have seconds), so of two reads the
 * one started later wins. Only if Stripe no longer has the subscription is the event's own
 * copy written, stamped with the event's time, which can never beat a read.
 */
export async function syncSubscriptionById(
  ctx: SyncContext,
  subscriptionId: string,
  fromEvent?: Stripe.Subscription,
) {
  const askedAt = new Date().toISOString()
  try {
    const current = await ctx.stripe.subscriptions.retrieve(subscriptionId)
    return await writeSubscription(ctx, current, askedAt)
  } catch (error) {
    if (fromEvent && isStripeError(error, 'resource_missing'))
      return writeSubscription(ctx, fromEvent, ctx.eventCreated)
    throw error
  }
}

/** customer.subscription.created / updated / deleted: a signal to read the current state. */
export function syncSubscription(ctx: SyncContext, subscription: Stripe.Subscription) {
  return syncSubscriptionById(ctx, subscription.id, subscription)
}

/**
 * The user a checkout was for: create-checkout-session writes it as client_reference_id and in
 * the session's metadata. Only the account sets metadata, while a buyer can choose the
 * reference (a Payment Link takes it from its address), so a reference alone names no one.
 */
function checkoutUser(session: Stripe.Checkout.Session): string | null {
  const reference = session.client_reference_id
  return reference && session.metadata?.user_id === reference ? reference : null
}

export async function syncCheckoutSession(ctx: SyncContext, session: Stripe.Checkout.Session) {
  if (session.mode !== 'subscription') return false
  const userId = checkoutUser(session)
  const customerId = idOf(session.customer as string | { id: string } | null)
  if (userId && customerId) await rememberCustomer(ctx.db, userId, customerId)
  const subscriptionId = idOf(session.subscription as string | { id: string } | null)
  return subscriptionId ? syncSubscriptionById(ctx, subscriptionId) : false
}

/** The subscription an invoice bills (API 2025-03+: under parent.subscription_details). */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const details = invoice.parent?.subscription_details
  return idOf((details?.subscription ?? null) as string | { id: string } | null)
}

export { iso }
