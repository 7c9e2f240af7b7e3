import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startBillingBackend, type BillingBackend } from './billingBackend.ts'
import {
  buildEvent,
  buildInvoice,
  buildSubscription,
  fixture,
  nowSeconds,
  type StripeObject,
} from '../../scripts/local/stripe/index.ts'
import { serviceClient, signedInUser } from './helpers.ts'
import { handler as webhookHandler } from '../../supabase/functions/stripe-webhook/handler.ts'
import { STRIPE_WEBHOOK_MAX_BODY_BYTES } from '../../supabase/functions/stripe-webhook/delivery.ts'

let env: BillingBackend
let admin: SupabaseClient
beforeAll(async () => {
  env = await startBillingBackend()
  admin = serviceClient(env.backend)
})
afterAll(() => env?.stop())

async function row(table: string, id: string) {
  const { data } = await admin.from(table).select('*').eq('id', id).maybeSingle()
  return data as Record<string, unknown> | null
}

async function eventCount() {
  const { count } = await admin.from('stripe_events').select('*', { count: 'exact', head: true })
  return count
}

/** A user with a Stripe customer, as a first checkout leaves them. */
async function customerFor(label: string) {
  const user = await signedInUser(env.backend, label)
  const customer = fixture('customer', { id: `cus_${label}_${Date.now()}`, email: user.email })
  env.stripe.state.customers.set(customer.id, customer)
  await admin.from('customers').insert({ id: user.id, stripe_customer_id: customer.id })
  return { user, customer }
}

function subscriptionFor(customer: StripeObject, userId: string, status = 'active') {
  const subscription = buildSubscription({
    customer: customer.id,
    price: env.stripe.state.prices.get('price_FolioProMonthly')!,
    metadata: { user_id: userId },
    status,
  })
  env.stripe.state.subscriptions.set(subscription.id, subscription)
  return subscription
}

/** Changes the subscription as Stripe holds it (what a fetch returns); returns a snapshot. */
function setStripeState(subscription: StripeObject, changes: Record<string, unknown>) {
  Object.assign(subscription, changes)
  return structuredClone(subscription)
}

describe('stripe-webhook: signatures', () => {
  const product = fixture('product', { id: 'prod_signed', name: 'Signed' })

  it.each([
    ['a missing signature', { headers: { 'content-type': 'application/json' } }],
    ['a garbage signature', { headers: { 'stripe-signature': 't=1,v1=abc' } }],
  ])('refuses %s with 400 and writes nothing', async (_, init) => {
    const before = await eventCount()
    const response = await fetch(env.webhookUrl, {
      method: 'POST',
      ...init,
      body: JSON.stringify(buildEvent('product.created', product)),
    })
    expect(response.status).toBe(400)
    expect(await row('products', 'prod_signed')).toBeNull()
    expect(await eventCount()).toBe(before)
  })

  it('refuses a tampered payload and a wrong secret', async () => {
    const event = buildEvent('product.created', product)
    const tampered = await env.sendEvent(event, {
      tamper: (body) => body.replace('"Signed"', '"Tampered"'),
    })
    expect(tampered).toMatchObject({ status: 400, json: { code: 'invalid_signature' } })
    const wrongSecret = await env.sendEvent(event, { secret: 'whsec_someone_else' })
    expect(wrongSecret.status).toBe(400)
    expect(await row('products', 'prod_signed')).toBeNull()

    const genuine = await env.sendEvent(event)
    expect(genuine).toMatchObject({ status: 200, json: { received: true, applied: true } })
    expect(await row('products', 'prod_signed')).toMatchObject({ name: 'Signed', active: true })
  })

  it('refuses a genuine delivery replayed after five minutes, writing nothing', async () => {
    // Stripe's own tolerance (stripe-node Webhooks.js, DEFAULT_TOLERANCE 300 s): a captured
    // delivery cannot be sent again later, such as after the row it wrote was changed.
    const replayed = fixture('product', { id: 'prod_replayed', name: 'Replayed' })
    const before = await eventCount()
    const late = await env.sendEvent(buildEvent('product.created', replayed), {
      signedAt: nowSeconds() - 6 * 60,
    })
    expect(late).toMatchObject({ status: 400, json: { code: 'invalid_signature' } })
    expect(await row('products', 'prod_replayed')).toBeNull()
    expect(await eventCount()).toBe(before)
  })

  it('acknowledges event types it does not handle without writing', async () => {
    const result = await env.sendEvent(buildEvent('charge.refunded', fixture('product')))
    expect(result).toMatchObject({ status: 200, json: { received: true, applied: false } })
  })
})

describe('stripe-webhook: what it reads of a delivery', () => {
  /** A body that counts the bytes the function pulls from it; nothing is pulled unasked. */
  function countedBody(total: number, chunkBytes = 64 * 1024) {
    let pulled = 0
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= total) return controller.close()
          const size = Math.min(chunkBytes, total - pulled)
          pulled += size
          controller.enqueue(new Uint8Array(size).fill(0x20))
        },
      },
      { highWaterMark: 0 },
    )
    return { stream, chunkBytes, pulled: () => pulled }
  }

  /** Calls the function in this process, so the test sees how much of the body it read. */
  function deliver(headers: Record<string, string>, body: ReadableStream<Uint8Array>) {
    return webhookHandler(
      new Request(env.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        duplex: 'half',
      } as RequestInit),
    )
  }

  const aSignature = 'a'.repeat(64)

  it('refuses a body over the cap with 413, having read no more than the cap', async () => {
    const body = countedBody(8 * STRIPE_WEBHOOK_MAX_BODY_BYTES)
    const response = await deliver(
      { 'stripe-signature': `t=${nowSeconds()},v1=${aSignature}` },
      body.stream,
    )
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ code: 'too_large' })
    expect(body.pulled()).toBeLessThanOrEqual(STRIPE_WEBHOOK_MAX_BODY_BYTES + body.chunkBytes)
  })

  it.each([
    ['no signature', {}],
    ['an empty signature', { 'stripe-signature': '' }],
    ['garbage', { 'stripe-signature': 'garbage' }],
    ['a signature that is not an HMAC', { 'stripe-signature': `t=${nowSeconds()},v1=abc` }],
    ['no timestamp', { 'stripe-signature': `v1=${aSignature}` }],
    ['only another scheme', { 'stripe-signature': `t=${nowSeconds()},v0=${aSignature}` }],
    [
      'a timestamp past Stripe’s tolerance',
      { 'stripe-signature': `t=${nowSeconds() - 6 * 60},v1=${aSignature}` },
    ],
  ])('refuses %s with 400 before reading the body', async (_, headers) => {
    const body = countedBody(64 * 1024)
    const response = await deliver(headers, body.stream)
    expect(response.status).toBe(400)
    expect(body.pulled()).toBe(0)
  })
})

describe('stripe-webhook: products and prices', () => {
  it('creates, updates and deactivates products and prices', async () => {
    const t = nowSeconds()
    const product = fixture('product', {
      id: 'prod_team',
      name: 'Team',
      metadata: { plan: 'team' },
    })
    const price = fixture('price', { id: 'price_team', product: 'prod_team', unit_amount: 2000 })
    expect((await env.sendEvent(buildEvent('product.created', product, t))).status).toBe(200)
    expect((await env.sendEvent(buildEvent('price.created', price, t))).status).toBe(200)
    expect(await row('prices', 'price_team')).toMatchObject({
      product_id: 'prod_team',
      unit_amount: 2000,
      currency: 'usd',
      type: 'recurring',
      interval: 'month',
      active: true,
    })

    await env.sendEvent(buildEvent('product.updated', { ...product, name: 'Teams' }, t + 1))
    await env.sendEvent(buildEvent('price.updated', { ...price, nickname: 'Team monthly' }, t + 1))
    expect(await row('products', 'prod_team')).toMatchObject({ name: 'Teams' })
    expect(await row('prices', 'price_team')).toMatchObject({ description: 'Team monthly' })

    await env.sendEvent(buildEvent('price.deleted', price, t + 2))
    await env.sendEvent(buildEvent('product.deleted', { ...product, name: 'Teams' }, t + 2))
    expect(await row('prices', 'price_team')).toMatchObject({ active: false })
    expect(await row('products', 'prod_team')).toMatchObject({ active: false })

    // A late "updated" from before the deletion must not bring them back.
    await env.sendEvent(buildEvent('product.updated', { ...product, name: 'Zombie' }, t + 1))
    expect(await row('products', 'prod_team')).toMatchObject({ name: 'Teams', active: false })
  })

  it('fetches the product from Stripe when a price arrives first', async () => {
    const product = fixture('product', { id: 'prod_early', name: 'Early bird' })
    env.stripe.state.products.set(product.id, product)
    const price = fixture('price', { id: 'price_early', product: 'prod_early', unit_amount: 100 })
    expect((await env.sendEvent(buildEvent('price.created', price))).status).toBe(200)
    expect(await row('products', 'prod_early')).toMatchObject({ name: 'Early bird' })
    expect(await row('prices', 'price_early')).toMatchObject({ product_id: 'prod_early' })
  })
})

describe('stripe-webhook: subscriptions', () => {
  it('records checkout.session.completed: the customer mapping and the subscription', async () => {
    const user = await signedInUser(env.backend, 'completed')
    const customer = fixture('customer', { id: `cus_completed_${Date.now()}` })
    env.stripe.state.customers.set(customer.id, customer)
    const subscription = subscriptionFor(customer, user.id)
    const session = fixture('checkout_session', {
      id: 'cs_test_completed',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: user.id,
      metadata: { user_id: user.id },
      customer: customer.id,
      subscription: subscription.id,
    })
    const result = await env.sendEvent(buildEvent('checkout.session.completed', session))
    expect(result).toMatchObject({ status: 200, json: { applied: true } })
    expect(await row('customers', user.id)).toEqual({
      id: user.id,
      stripe_customer_id: customer.id,
    })
    expect(await row('subscriptions', subscription.id)).toMatchObject({
      user_id: user.id,
      status: 'active',
      price_id: 'price_FolioProMonthly',
    })
    expect((await user.supabase.rpc('current_plan')).data).toBe('pro')
  })

  it('maps a customer to the user our checkout named, not to a reference the buyer chose', async () => {
    // A Payment Link lets the buyer set client_reference_id in its address; our checkout also
    // writes the user into the session's metadata, which only the account can set.
    const victim = await signedInUser(env.backend, 'named-by-buyer')
    const customer = fixture('customer', { id: `cus_buyer_${Date.now()}` })
    env.stripe.state.customers.set(customer.id, customer)
    const session = fixture('checkout_session', {
      id: 'cs_test_payment_link',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: victim.id,
      metadata: {},
      customer: customer.id,
      subscription: null,
    })
    const result = await env.sendEvent(buildEvent('checkout.session.completed', session))
    expect(result.status).toBe(200)
    expect(await row('customers', victim.id)).toBeNull()
  })

  it('follows created → updated → deleted', async () => {
    const { user, customer } = await customerFor('lifecycle')
    const subscription = subscriptionFor(customer, user.id)
    const t = nowSeconds()
    await env.sendEvent(buildEvent('customer.subscription.created', subscription, t))
    expect(await row('subscriptions', subscription.id)).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
    })

    // Stripe changes the subscription, then tells us; the webhook reads Stripe's current state.
    const cancelling = setStripeState(subscription, {
      cancel_at_period_end: true,
      cancel_at: t + 3600,
    })
    await env.sendEvent(
      buildEvent('customer.subscription.updated', cancelling, t + 1, {
        cancel_at_period_end: false,
      }),
    )
    expect(await row('subscriptions', subscription.id)).toMatchObject({
      cancel_at_period_end: true,
    })

    const ended = setStripeState(subscription, {
      status: 'canceled',
      ended_at: t + 2,
      canceled_at: t + 2,
    })
    await env.sendEvent(buildEvent('customer.subscription.deleted', ended, t + 2))
    expect(await row('subscriptions', subscription.id)).toMatchObject({ status: 'canceled' })
    expect((await user.supabase.rpc('current_plan')).data).toBe('free')
  })

  it('refreshes the subscription on invoice.payment_failed and payment_succeeded', async () => {
    const { user, customer } = await customerFor('invoices')
    const subscription = subscriptionFor(customer, user.id)
    const t = nowSeconds()
    await env.sendEvent(buildEvent('customer.subscription.created', subscription, t))

    subscription.status = 'past_due' // Stripe's state after the renewal charge failed
    await env.sendEvent(
      buildEvent('invoice.payment_failed', buildInvoice(subscription, 'open'), t + 1),
    )
    expect(await row('subscriptions', subscription.id)).toMatchObject({ status: 'past_due' })

    subscription.status = 'active'
    await env.sendEvent(
      buildEvent('invoice.payment_succeeded', buildInvoice(subscription, 'paid'), t + 2),
    )
    expect(await row('subscriptions', subscription.id)).toMatchObject({ status: 'active' })
  })

  it('finds the user from subscription metadata when the subscription event comes first', async () => {
    const user = await signedInUser(env.backend, 'metadata-first')
    const customer = fixture('customer', { id: `cus_meta_${Date.now()}` })
    const subscription = subscriptionFor(customer, user.id)
    await env.sendEvent(buildEvent('customer.subscription.created', subscription))
    expect(await row('subscriptions', subscription.id)).toMatchObject({ user_id: user.id })
    expect(await row('customers', user.id)).toMatchObject({ stripe_customer_id: customer.id })
  })

  it('ignores subscriptions of customers Folio does not know', async () => {
    const stranger = buildSubscription({
      customer: 'cus_stranger',
      price: env.stripe.state.prices.get('price_FolioProMonthly')!,
      metadata: {},
    })
    const result = await env.sendEvent(buildEvent('customer.subscription.created', stranger))
    expect(result).toMatchObject({ status: 200, json: { applied: false } })
    expect(await row('subscriptions', stranger.id)).toBeNull()
  })
})

describe('stripe-webhook: replay and order', () => {
  it('applies the same event once, however often it is delivered', async () => {
    const { user, customer } = await customerFor('replay')
    const subscription = subscriptionFor(customer, user.id)
    const event = buildEvent('customer.subscription.created', subscription)
    expect((await env.sendEvent(event)).json).toMatchObject({ applied: true })
    // Someone (support, a later event) changes the row; a redelivery must not undo that.
    await admin.from('subscriptions').update({ quantity: 5 }).eq('id', subscription.id)
    const again = await env.sendEvent(event)
    expect(again).toMatchObject({ status: 200, json: { received: true, duplicate: true } })
    expect(await row('subscriptions', subscription.id)).toMatchObject({ quantity: 5 })
    const ledger = await admin.from('stripe_events').select('id').eq('id', event.id)
    expect(ledger.data).toHaveLength(1)
  })

  it('applies two concurrent deliveries of one event once, answering both', async () => {
    const { user, customer } = await customerFor('concurrent')
    const subscription = subscriptionFor(customer, user.id)
    const event = buildEvent('customer.subscription.created', subscription)
    const answers = await Promise.all([env.sendEvent(event), env.sendEvent(event)])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(await row('subscriptions', subscription.id)).toMatchObject({
      user_id: user.id,
      status: 'active',
    })
    const ledger = await admin.from('stripe_events').select('id').eq('id', event.id)
    expect(ledger.data).toHaveLength(1)
  })

  it('never lets an older event overwrite newer subscription state', async () => {
    const { user, customer } = await customerFor('reorder')
    const subscription = subscriptionFor(customer, user.id)
    const t = nowSeconds()
    const created = buildEvent('customer.subscription.created', subscription, t)
    const deleted = buildEvent(
      'customer.subscription.deleted',
      setStripeState(subscription, { status: 'canceled', ended_at: t + 60 }),
      t + 60,
    )
    // Delivered newest first.
    await env.sendEvent(deleted)
    await env.sendEvent(created)
    expect(await row('subscriptions', subscription.id)).toMatchObject({ status: 'canceled' })
    expect((await user.supabase.rpc('current_plan')).data).toBe('free')
  })

  it('answers quickly', async () => {
    const { user, customer } = await customerFor('speed')
    const subscription = subscriptionFor(customer, user.id)
    const started = performance.now()
    const result = await env.sendEvent(buildEvent('customer.subscription.created', subscription))
    const elapsed = performance.now() - started
    expect(result.status).toBe(200)
    // Stripe waits up to 10 s; we stay far below even on a busy 2-core CI machine.
    expect(elapsed).toBeLessThan(2000)
  })
})

describe('stripe-webhook: events in the same second', () => {
  /** Stripe's two events about one checkout, both stamped with the same second. */
  function sameSecondEvents(subscription: StripeObject) {
    const t = nowSeconds()
    const created = buildEvent(
      'customer.subscription.created',
      { ...structuredClone(subscription), status: 'incomplete' },
      t,
    )
    const updated = buildEvent('customer.subscription.updated', structuredClone(subscription), t, {
      status: 'incomplete',
    })
    return { created, updated }
  }

  it('keeps a paying user Pro when a late "created (incomplete)" follows "updated (active)"', async () => {
    const { user, customer } = await customerFor('tie-late-created')
    const subscription = subscriptionFor(customer, user.id) // Stripe now says: active
    const { created, updated } = sameSecondEvents(subscription)
    expect((await env.sendEvent(updated)).status).toBe(200)
    expect((await env.sendEvent(created)).status).toBe(200)
    expect(await row('subscriptions', subscription.id)).toMatchObject({ status: 'active' })
    expect((await user.supabase.rpc('current_plan')).data).toBe('pro')
  })

  it("ends active when the same two events arrive in Stripe's order", async () => {
    const { user, customer } = await customerFor('tie-in-order')
    const subscription = subscriptionFor(customer, user.id)
    const { created, updated } = sameSecondEvents(subscription)
    await env.sendEvent(created)
    await env.sendEvent(updated)
    expect(await row('subscriptions', subscription.id)).toMatchObject({ status: 'active' })
    expect((await user.supabase.rpc('current_plan')).data).toBe('pro')
  })

  it('stays right when Stripe retries an event that failed the first time', async () => {
    const { user, customer } = await customerFor('tie-retry')
    const subscription = subscriptionFor(customer, user.id)
    const { created, updated } = sameSecondEvents(subscription)
    // The first delivery of "created" fails (Stripe cannot be read): 500, so Stripe retries.
    env.stripe.failRequests(`/v1/subscriptions/${subscription.id}`, 10)
    expect((await env.sendEvent(created)).status).toBe(500)
    env.stripe.failRequests(`/v1/subscriptions/${subscription.id}`, 0)
    await env.sendEvent(updated)
    // The retry, and a redelivery of the already applied "updated", change nothing.
    expect((await env.sendEvent(created)).status).toBe(200)
    expect((await env.sendEvent(updated)).json).toMatchObject({ duplicate: true })
    expect(await row('subscriptions', subscription.id)).toMatchObject({ status: 'active' })
    expect((await user.supabase.rpc('current_plan')).data).toBe('pro')
  })

  it('still follows a real change that Stripe reports in the same second', async () => {
    const { user, customer } = await customerFor('tie-cancel')
    const subscription = subscriptionFor(customer, user.id)
    const t = nowSeconds()
    await env.sendEvent(buildEvent('customer.subscription.created', subscription, t))
    const canceled = setStripeState(subscription, { status: 'canceled', ended_at: t })
    await env.sendEvent(buildEvent('customer.subscription.deleted', canceled, t))
    // A redelivered older copy saying "active" cannot bring it back.
    await env.sendEvent(
      buildEvent('customer.subscription.updated', { ...canceled, status: 'active' }, t),
    )
    expect(await row('subscriptions', subscription.id)).toMatchObject({ status: 'canceled' })
    expect((await user.supabase.rpc('current_plan')).data).toBe('free')
  })
})
