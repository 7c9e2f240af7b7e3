/**
 * POST { sessionId } with the user's JWT → where that checkout stands: Stripe's session status
 * and whether the webhook has recorded the subscription yet (the success page polls this).
 * A session of another user answers exactly like an unknown one.
 */
import { countBillingCall } from '../_shared/callLimits.ts'
import { HttpError, endpoint, json, readJsonBody } from '../_shared/http.ts'
import { createStripe, isStripeError } from '../_shared/stripe.ts'
import { PRO_STATUSES, requireUser, serviceClient } from '../_shared/supabase.ts'

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/
const notFound = () =>
  new HttpError(404, 'session_not_found', 'We could not find this checkout for your account.')

interface SubscriptionRow {
  status: string
  current_period_end: string
  cancel_at_period_end: boolean | null
  prices: {
    interval: string | null
    unit_amount: number | null
    currency: string | null
    products: { name: string } | null
  } | null
}

export const handler = endpoint(async (req) => {
  const db = serviceClient()
  const user = await requireUser(req, db)
  await countBillingCall(db, 'checkout-session-status', user.id)
  const { sessionId } = await readJsonBody(req)
  if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) throw notFound()

  const session = await createStripe()
    .checkout.sessions.retrieve(sessionId)
    .catch((error: unknown) => {
      if (isStripeError(error, 'resource_missing')) throw notFound()
      throw error
    })
  if (session.client_reference_id !== user.id) throw notFound()

  const subscriptionId =
    typeof session.subscription === 'string' ? session.subscription : session.subscription?.id
  let row: SubscriptionRow | null = null
  if (subscriptionId) {
    const { data, error } = await db
      .from('subscriptions')
      .select(
        'status, current_period_end, cancel_at_period_end, prices(interval, unit_amount, currency, products(name))',
      )
      .eq('id', subscriptionId)
      .eq('user_id', user.id)
      .maybeSingle<SubscriptionRow>()
    if (error) throw new Error(`subscriptions lookup failed: ${error.message}`)
    row = data
  }

  return json(200, {
    status: session.status,
    paymentStatus: session.payment_status,
    recorded: Boolean(row && PRO_STATUSES.includes(row.status)),
    subscription: row && {
      status: row.status,
      plan: row.prices?.products?.name ?? null,
      interval: row.prices?.interval ?? null,
      unitAmount: row.prices?.unit_amount ?? null,
      currency: row.prices?.currency ?? null,
      currentPeriodEnd: row.current_period_end,
      cancelAtPeriodEnd: Boolean(row.cancel_at_period_end),
    },
  })
})
