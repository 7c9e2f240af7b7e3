/**
 * POST { price } with the user's JWT → { clientSecret, sessionId } for Stripe Embedded
 * Checkout. The price must be an active, paid, recurring price of the Folio Pro product
 * (../_shared/proPlan.ts); a user who already has a Folio Pro subscription gets 409 and is
 * sent to the portal instead.
 */
import { countBillingCall } from '../_shared/callLimits.ts'
import { ensureCustomer } from '../_shared/customers.ts'
import { siteUrl } from '../_shared/env.ts'
import { HttpError, endpoint, json, readJsonBody } from '../_shared/http.ts'
import { isProProduct, isPurchasableProPrice, type PriceWithProduct } from '../_shared/proPlan.ts'
import { createStripe } from '../_shared/stripe.ts'
import { LIVE_SUBSCRIPTION_STATUSES, requireUser, serviceClient } from '../_shared/supabase.ts'

interface PriceRow extends PriceWithProduct {
  id: string
}

interface LiveSubscriptionRow {
  prices: { products: PriceWithProduct['products'] } | null
}

export const handler = endpoint(async (req) => {
  const db = serviceClient()
  const user = await requireUser(req, db)
  await countBillingCall(db, 'create-checkout-session', user.id)
  const body = await readJsonBody(req)
  const priceId = typeof body.price === 'string' ? body.price : ''

  // Only a Folio Pro subscription means "already paying": another product does not.
  const { data: live, error: liveError } = await db
    .from('subscriptions')
    .select('prices(products(active, metadata))')
    .eq('user_id', user.id)
    .in('status', LIVE_SUBSCRIPTION_STATUSES)
    .returns<LiveSubscriptionRow[]>()
  if (liveError) throw new Error(`subscriptions lookup failed: ${liveError.message}`)
  if (live.some((row) => isProProduct(row.prices?.products ?? null)))
    throw new HttpError(
      409,
      'already_subscribed',
      'You already have a Folio Pro subscription. Manage it from the billing portal.',
    )

  const { data: price, error: priceError } = await db
    .from('prices')
    .select('id, active, type, unit_amount, products(active, metadata)')
    .eq('id', priceId)
    .maybeSingle<PriceRow>()
  if (priceError) throw new Error(`prices lookup failed: ${priceError.message}`)
  if (!price || !isPurchasableProPrice(price))
    throw new HttpError(
      400,
      'unknown_price',
      'That plan is not available. Choose one on the pricing page.',
    )

  const stripe = createStripe()
  const customer = await ensureCustomer(db, stripe, user)
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    ui_mode: 'embedded_page',
    customer,
    client_reference_id: user.id,
    line_items: [{ price: price.id, quantity: 1 }],
    // The webhook finds the user from these even if it sees the subscription before the session.
    subscription_data: { metadata: { user_id: user.id } },
    metadata: { user_id: user.id },
    return_url: `${siteUrl()}/subscribe/success?session_id={CHECKOUT_SESSION_ID}`,
  })
  if (!session.client_secret) throw new Error('Stripe returned a session without client_secret')
  return json(200, { clientSecret: session.client_secret, sessionId: session.id })
})
