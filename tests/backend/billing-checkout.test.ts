import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBillingBackend, type BillingBackend } from './billingBackend.ts'
import { fixture } from '../../scripts/local/stripe/index.ts'
import { client, serviceClient, signedInUser } from './helpers.ts'

let env: BillingBackend
beforeAll(async () => {
  env = await startBillingBackend()
})
afterAll(() => env?.stop())

const MONTHLY = 'price_FolioProMonthly'

function requestsTo(path: string, method = 'POST') {
  return env.stripe.state.requests.filter((r) => r.path === path && r.method === method)
}

describe('create-checkout-session', () => {
  it('refuses visitors and unknown or inactive prices', async () => {
    const anon = await env.invoke(client(env.backend), 'create-checkout-session', {
      price: MONTHLY,
    })
    expect(anon).toMatchObject({ status: 401, body: { code: 'not_signed_in' } })

    const user = await signedInUser(env.backend, 'price')
    const unknown = await env.invoke(user.supabase, 'create-checkout-session', {
      price: 'price_nope',
    })
    expect(unknown).toMatchObject({ status: 400, body: { code: 'unknown_price' } })

    const admin = serviceClient(env.backend)
    await admin.from('prices').insert({
      id: 'price_retired',
      product_id: 'prod_FolioPro',
      active: false,
      type: 'recurring',
      interval: 'month',
      unit_amount: 500,
      currency: 'usd',
    })
    const inactive = await env.invoke(user.supabase, 'create-checkout-session', {
      price: 'price_retired',
    })
    expect(inactive).toMatchObject({ status: 400, body: { code: 'unknown_price' } })
    expect(requestsTo('/v1/checkout/sessions')).toHaveLength(0)
  })

  it('creates an embedded subscription checkout tied to the user and one customer', async () => {
    const user = await signedInUser(env.backend, 'checkout')
    const first = await env.invoke(user.supabase, 'create-checkout-session', { price: MONTHLY })
    expect(first.status).toBe(200)
    const sessionId = first.body.sessionId as string
    expect(first.body.clientSecret).toMatch(new RegExp(`^${sessionId}_secret_`))

    const created = env.stripe.state.sessions.get(sessionId)!
    expect(created).toMatchObject({
      mode: 'subscription',
      ui_mode: 'embedded_page',
      client_reference_id: user.id,
      return_url: 'http://localhost:5173/subscribe/success?session_id={CHECKOUT_SESSION_ID}',
    })
    const request = requestsTo('/v1/checkout/sessions').at(-1)!
    expect(request.body.line_items).toEqual([{ price: MONTHLY, quantity: '1' }])
    expect(request.body.subscription_data).toEqual({ metadata: { user_id: user.id } })

    const customer = env.stripe.state.customers.get(created.customer as string)!
    expect(customer).toMatchObject({ email: user.email, metadata: { supabase_user_id: user.id } })
    const mapping = await serviceClient(env.backend).from('customers').select('*').eq('id', user.id)
    expect(mapping.data).toEqual([{ id: user.id, stripe_customer_id: customer.id }])

    // A second attempt (page reload) reuses the customer instead of creating another one.
    const customersBefore = env.stripe.state.customers.size
    const second = await env.invoke(user.supabase, 'create-checkout-session', {
      price: 'price_FolioProYearly',
    })
    expect(second.status).toBe(200)
    expect(env.stripe.state.sessions.get(second.body.sessionId as string)?.customer).toBe(
      customer.id,
    )
    expect(env.stripe.state.customers.size).toBe(customersBefore)
  })

  it("adopts the user's existing Stripe customer when the mapping row is missing", async () => {
    const user = await signedInUser(env.backend, 'adopt')
    const existing = fixture('customer', {
      id: 'cus_adopted_for_test',
      email: user.email,
      metadata: { supabase_user_id: user.id },
    })
    env.stripe.state.customers.set(existing.id, existing)
    const creates = requestsTo('/v1/customers').length
    const result = await env.invoke(user.supabase, 'create-checkout-session', { price: MONTHLY })
    expect(result.status).toBe(200)
    expect(requestsTo('/v1/customers')).toHaveLength(creates)
    expect(env.stripe.state.sessions.get(result.body.sessionId as string)?.customer).toBe(
      existing.id,
    )
  })

  it('says what is missing when Stripe is not configured', async () => {
    const user = await signedInUser(env.backend, 'noconfig')
    const key = process.env.STRIPE_SECRET_KEY
    delete process.env.STRIPE_SECRET_KEY
    try {
      const result = await env.invoke(user.supabase, 'create-checkout-session', { price: MONTHLY })
      expect(result).toMatchObject({ status: 500, body: { code: 'not_configured' } })
    } finally {
      process.env.STRIPE_SECRET_KEY = key
    }
  })
})

describe('checkout → webhook → status → portal', () => {
  it('records the subscription from the webhook and reports it to the success page', async () => {
    const user = await signedInUser(env.backend, 'journey')
    const { body } = await env.invoke(user.supabase, 'create-checkout-session', { price: MONTHLY })
    const sessionId = body.sessionId as string

    const open = await env.invoke(user.supabase, 'checkout-session-status', { sessionId })
    expect(open).toMatchObject({
      status: 200,
      body: { status: 'open', recorded: false, subscription: null },
    })

    const { subscription } = await env.stripe.completeCheckout(sessionId)
    await env.stripe.webhooksSettled()

    const done = await env.invoke(user.supabase, 'checkout-session-status', { sessionId })
    expect(done).toMatchObject({
      status: 200,
      body: {
        status: 'complete',
        paymentStatus: 'paid',
        recorded: true,
        subscription: {
          status: 'active',
          plan: 'Pro',
          interval: 'month',
          unitAmount: 800,
          currency: 'usd',
        },
      },
    })
    const rows = await user.supabase.from('subscriptions').select('id, status, price_id')
    expect(rows.data).toEqual([{ id: subscription.id, status: 'active', price_id: MONTHLY }])
    expect((await user.supabase.rpc('current_plan')).data).toBe('pro')

    // Pro lifts the Free plan's 3-document limit, enforced by the database.
    for (const title of ['1', '2', '3', '4']) {
      const { error } = await user.supabase.from('documents').insert({ title })
      expect(error).toBeNull()
    }

    // Paying twice is refused; the page sends the user to the portal instead.
    const again = await env.invoke(user.supabase, 'create-checkout-session', { price: MONTHLY })
    expect(again).toMatchObject({ status: 409, body: { code: 'already_subscribed' } })

    const portal = await env.invoke(user.supabase, 'create-portal-session')
    expect(portal.status).toBe(200)
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/test_/)
    const portalSession = [...env.stripe.state.portalSessions.values()].at(-1)!
    expect(portalSession).toMatchObject({
      customer: subscription.customer,
      return_url: 'http://localhost:5173/dashboard',
    })
  })

  it("answers an unknown, malformed or someone else's session like a missing one", async () => {
    const owner = await signedInUser(env.backend, 'owner')
    const other = await signedInUser(env.backend, 'other')
    const { body } = await env.invoke(owner.supabase, 'create-checkout-session', { price: MONTHLY })
    for (const sessionId of [body.sessionId, 'cs_test_doesnotexist', '../etc', 42]) {
      const result = await env.invoke(other.supabase, 'checkout-session-status', { sessionId })
      expect(result).toMatchObject({ status: 404, body: { code: 'session_not_found' } })
    }
  })

  it('has no portal for a user who never checked out', async () => {
    const user = await signedInUser(env.backend, 'noportal')
    const result = await env.invoke(user.supabase, 'create-portal-session')
    expect(result).toMatchObject({ status: 404, body: { code: 'no_customer' } })
    expect(String(result.body.error)).toContain('pricing page')
  })
})
