/**
 * POST with the user's JWT → { url } of a Stripe customer-portal session (card, invoices,
 * cancel, switch plan). A user who never checked out has no customer: 404 `no_customer`.
 */
import { countBillingCall } from '../_shared/callLimits.ts'
import { findCustomerId } from '../_shared/customers.ts'
import { siteUrl } from '../_shared/env.ts'
import { HttpError, endpoint, json } from '../_shared/http.ts'
import { createStripe } from '../_shared/stripe.ts'
import { requireUser, serviceClient } from '../_shared/supabase.ts'

export const handler = endpoint(async (req) => {
  const db = serviceClient()
  const user = await requireUser(req, db)
  await countBillingCall(db, 'create-portal-session', user.id)
  const customer = await findCustomerId(db, user.id)
  if (!customer)
    throw new HttpError(
      404,
      'no_customer',
      'You do not have a billing account yet. Choose a plan on the pricing page to start one.',
    )
  const portal = await createStripe().billingPortal.sessions.create({
    customer,
    return_url: `${siteUrl()}/dashboard`,
  })
  return json(200, { url: portal.url })
})
