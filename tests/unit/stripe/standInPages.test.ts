/**
 * The Stripe stand-in's browser side for `npm start`: its test-mode Stripe.js, the card
 * payments it answers as Stripe's test cards, and the customer portal whose changes reach the
 * webhook signed like Stripe's.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import vm from 'node:vm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startStripeStandIn,
  type StripeStandIn,
  TEST_CARDS,
} from '../../../scripts/local/stripe/index.ts'

const SECRET = 'sk_test_unit'
const WEBHOOK_SECRET = 'whsec_unit'
const sdk = new Stripe('sk_test_verify_only')

let standIn: StripeStandIn
let receiver: http.Server
const received: Stripe.Event[] = []

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      // The real verification: a forged or unsigned delivery would throw here.
      received.push(
        sdk.webhooks.constructEvent(body, String(req.headers['stripe-signature']), WEBHOOK_SECRET),
      )
      res.writeHead(200).end('{}')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const { port } = receiver.address() as AddressInfo
  standIn = await startStripeStandIn({
    secretKey: SECRET,
    webhook: { url: `http://127.0.0.1:${port}/`, secret: WEBHOOK_SECRET },
    servePages: true,
  })
})

afterAll(async () => {
  await standIn.webhooksSettled()
  await standIn.close()
  await new Promise((resolve) => receiver.close(resolve))
})

async function api(path: string, body: Record<string, string>) {
  const response = await fetch(`${standIn.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SECRET}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(body),
  })
  return (await response.json()) as Record<string, unknown>
}

async function openCheckout(email: string) {
  const customer = await api('/v1/customers', { email })
  const session = await api('/v1/checkout/sessions', {
    mode: 'subscription',
    ui_mode: 'embedded_page',
    customer: String(customer.id),
    'line_items[0][price]': 'price_FolioProMonthly',
    'line_items[0][quantity]': '1',
    return_url: 'http://127.0.0.1:4173/subscribe/success?session_id={CHECKOUT_SESSION_ID}',
  })
  return { customer, session }
}

function pay(secret: unknown, body: object) {
  return fetch(`${standIn.url}/_stand-in/${String(secret)}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

describe('the test-mode Stripe.js', () => {
  it('is served at /v3/ and installs window.Stripe talking to this stand-in', async () => {
    const response = await fetch(`${standIn.url}/v3/`)
    expect(response.headers.get('content-type')).toContain('javascript')
    const source = await response.text()
    expect(source).toContain(`${standIn.url}/_stand-in`)
    const window: { Stripe?: (key: string) => Record<string, unknown> } = {}
    vm.runInNewContext(source, { window, document: {} })
    expect(typeof window.Stripe).toBe('function')
    expect(Object.keys(window.Stripe!('pk_test_x'))).toContain('createEmbeddedCheckoutPage')
    expect(() => window.Stripe!('sk_test_secret')).toThrow(/publishable key/)
  })
})

describe('card payments', () => {
  it('declines 4000 0000 0000 0002 with Stripe’s message and leaves the session open', async () => {
    const { session } = await openCheckout('declined@example.com')
    const response = await pay(session.client_secret, { number: TEST_CARDS.declined })
    expect(response.status).toBe(402)
    expect(await response.json()).toMatchObject({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    })
    expect(standIn.state.sessions.get(String(session.id))?.status).toBe('open')
  })

  it('asks for authentication on 4000 0025 0000 3155, fails when refused, pays when completed', async () => {
    const { session } = await openCheckout('3ds@example.com')
    const first = await pay(session.client_secret, { number: TEST_CARDS.needsAuthentication })
    expect(await first.json()).toEqual({ requires_action: true })
    const refused = await pay(session.client_secret, {
      number: TEST_CARDS.needsAuthentication,
      authenticated: false,
    })
    expect(refused.status).toBe(402)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /unable to authenticate/,
    )
    expect(standIn.state.sessions.get(String(session.id))?.status).toBe('open')
    const completed = await pay(session.client_secret, {
      number: TEST_CARDS.needsAuthentication,
      authenticated: true,
    })
    expect(await completed.json()).toEqual({
      return_url: `http://127.0.0.1:4173/subscribe/success?session_id=${String(session.id)}`,
    })
  })

  it('pays with 4242 4242 4242 4242 and cannot pay the same session twice', async () => {
    const { session } = await openCheckout('pays@example.com')
    expect((await pay(session.client_secret, { number: '4242 4242 4242 4242' })).status).toBe(200)
    expect((await pay(session.client_secret, { number: TEST_CARDS.pays })).status).toBe(400)
    await standIn.webhooksSettled()
    expect(received.map((event) => event.type)).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created']),
    )
  })

  it('refuses other card numbers', async () => {
    const { session } = await openCheckout('other@example.com')
    const response = await pay(session.client_secret, { number: '1234567812345678' })
    expect(response.status).toBe(402)
  })
})

describe('the customer portal', () => {
  async function subscribedPortal(email: string) {
    const { customer, session } = await openCheckout(email)
    await pay(session.client_secret, { number: TEST_CARDS.pays })
    // The checkout's own events arrive in the background; let them land before counting.
    await standIn.webhooksSettled()
    const portal = await api('/v1/billing_portal/sessions', {
      customer: String(customer.id),
      return_url: 'http://127.0.0.1:4173/dashboard?view=account',
    })
    const subscription = [...standIn.state.subscriptions.values()].find(
      (candidate) => candidate.customer === customer.id,
    )!
    return { portalUrl: String(portal.url), subscription }
  }

  async function act(portalUrl: string, action: string, subscription: string) {
    received.length = 0
    return fetch(`${portalUrl}/${action}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ subscription }),
    })
  }

  it('lives on the stand-in and links back to the site', async () => {
    const { portalUrl } = await subscribedPortal('portal@example.com')
    expect(portalUrl.startsWith(`${standIn.url}/p/session/bps_`)).toBe(true)
    const html = await (await fetch(portalUrl)).text()
    expect(html).toContain('Cancel subscription')
    expect(html).toContain('Switch to yearly')
    expect(html).toContain('href="http://127.0.0.1:4173/dashboard?view=account"')
  })

  it('cancels at period end, resumes and switches interval, each sending a signed update', async () => {
    const { portalUrl, subscription } = await subscribedPortal('changes@example.com')

    const cancel = await act(portalUrl, 'cancel', subscription.id)
    expect(cancel.status).toBe(303)
    expect(received).toHaveLength(1)
    expect(received[0]!.type).toBe('customer.subscription.updated')
    const cancelled = received[0]!.data.object as Stripe.Subscription
    expect(cancelled.cancel_at_period_end).toBe(true)
    expect(cancelled.status).toBe('active')
    const page = await (await fetch(`${standIn.url}${cancel.headers.get('location')}`)).text()
    expect(page).toContain('Resume subscription')
    expect(page).toContain('Cancels on')

    await act(portalUrl, 'resume', subscription.id)
    expect((received[0]!.data.object as Stripe.Subscription).cancel_at_period_end).toBe(false)

    await act(portalUrl, 'switch', subscription.id)
    const switched = received[0]!.data.object as Stripe.Subscription
    expect(switched.items.data[0]!.price.id).toBe('price_FolioProYearly')
  })

  it("refuses to touch another customer's subscription", async () => {
    const mine = await subscribedPortal('mine@example.com')
    const theirs = await subscribedPortal('theirs@example.com')
    const response = await act(mine.portalUrl, 'cancel', theirs.subscription.id)
    expect(response.status).toBe(404)
    expect(received).toHaveLength(0)
    expect(theirs.subscription.cancel_at_period_end).not.toBe(true)
  })
})
