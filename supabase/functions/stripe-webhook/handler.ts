/**
 * Stripe → Folio. Verifies the Stripe-Signature header with STRIPE_WEBHOOK_SECRET (anything
 * else: 400 and nothing written; a header that cannot verify: 400 before the body is read; a
 * body larger than any event: 413 after reading at most ./delivery.ts's cap), skips events already applied (stripe_events), applies the
 * event (./sync.ts) and records it. Failures answer 500 so Stripe retries later.
 */
import { requireEnv } from '../_shared/env.ts'
import { endpoint, errorResponse, json, readBoundedText } from '../_shared/http.ts'
import { createStripe, webCrypto, type Stripe } from '../_shared/stripe.ts'
import { serviceClient } from '../_shared/supabase.ts'
import { STRIPE_WEBHOOK_MAX_BODY_BYTES, plausibleSignatureHeader } from './delivery.ts'
import {
  invoiceSubscriptionId,
  iso,
  syncCheckoutSession,
  syncPrice,
  syncProduct,
  syncSubscription,
  syncSubscriptionById,
  type SyncContext,
} from './sync.ts'

/** Returns whether the event changed anything we keep (false = not ours / not relevant). */
async function apply(ctx: SyncContext, event: Stripe.Event): Promise<boolean> {
  switch (event.type) {
    case 'product.created':
    case 'product.updated':
    case 'product.deleted':
      await syncProduct(ctx, event.data.object as Stripe.Product, event.type === 'product.deleted')
      return true
    case 'price.created':
    case 'price.updated':
    case 'price.deleted':
      await syncPrice(ctx, event.data.object as Stripe.Price, event.type === 'price.deleted')
      return true
    case 'checkout.session.completed':
      return syncCheckoutSession(ctx, event.data.object)
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return syncSubscription(ctx, event.data.object)
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscriptionId(event.data.object)
      return subscriptionId ? syncSubscriptionById(ctx, subscriptionId) : false
    }
    default:
      return false
  }
}

export const handler = endpoint(async (req) => {
  const secret = requireEnv('STRIPE_WEBHOOK_SECRET')
  const stripe = createStripe()
  const signature = req.headers.get('stripe-signature')
  if (!signature) return errorResponse(400, 'missing_signature', 'Missing Stripe-Signature header.')
  // Anyone can call this function: nothing is read of a delivery that cannot verify, and no
  // more than any genuine event needs of one that might (./delivery.ts).
  if (!plausibleSignatureHeader(signature, stripe.webhooks.DEFAULT_TOLERANCE))
    return errorResponse(400, 'invalid_signature', 'Webhook signature verification failed.')
  const payload = await readBoundedText(req, {
    maxBytes: STRIPE_WEBHOOK_MAX_BODY_BYTES,
    tooLargeMessage: 'Webhook payload too large.',
  })
  let event: Stripe.Event
  try {
    event = await stripe.webhooks.constructEventAsync(
      payload,
      signature,
      secret,
      undefined,
      webCrypto,
    )
  } catch {
    return errorResponse(400, 'invalid_signature', 'Webhook signature verification failed.')
  }

  const db = serviceClient()
  const seen = await db.from('stripe_events').select('id').eq('id', event.id).maybeSingle()
  if (seen.error) throw new Error(`stripe_events lookup failed: ${seen.error.message}`)
  if (seen.data) return json(200, { received: true, duplicate: true })

  const created = iso(event.created) as string
  const applied = await apply({ db, stripe, eventCreated: created }, event)
  const { error } = await db
    .from('stripe_events')
    .upsert(
      { id: event.id, type: event.type, created },
      { onConflict: 'id', ignoreDuplicates: true },
    )
  if (error) throw new Error(`stripe_events insert failed: ${error.message}`)
  return json(200, { received: true, applied })
})
