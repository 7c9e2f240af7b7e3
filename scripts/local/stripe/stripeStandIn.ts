/**
 * A local stand-in for the parts of Stripe's API Folio calls, for tests and local runs: the
 * real `stripe` SDK is pointed at it (host, port, protocol) and gets Stripe-shaped answers built
 * from ./fixtures. Completing a checkout (what the customer does in Stripe's iframe) creates
 * the subscription and delivers signed webhooks, as Stripe would.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseFormBody } from './formBody.ts'
import {
  createCustomer,
  createStripeState,
  find,
  handleApiRequest,
  StripeError,
} from './stripeApi.ts'
import {
  buildEvent,
  buildInvoice,
  buildSubscription,
  nowSeconds,
  stripeId,
  type StripeObject,
} from './stripeObjects.ts'
import { deliverEvent } from './webhooks.ts'
import { handlePortalRequest } from './portalRoutes.ts'
import { stripeJsStandInSource } from './stripeJsStandIn.ts'
import { cardOutcome } from './testCards.ts'

export interface StripeStandInOptions {
  port?: number
  host?: string
  secretKey: string
  /** Where completed checkouts send their events, and the endpoint secret that signs them. */
  webhook?: { url: string; secret: string; delayMs?: number }
  log?: (line: string) => void
  /**
   * Serve the browser side too, for `npm start` and the offline end-to-end journey: a
   * test-mode Stripe.js at /v3/ and the customer portal at /p/session/<id> (portal sessions
   * then point there instead of billing.stripe.com).
   */
  servePages?: boolean
}

export async function startStripeStandIn(options: StripeStandInOptions) {
  const state = createStripeState()
  const idempotent = new Map<string, unknown>()
  const deliveries: Promise<unknown>[] = []
  /** API paths that answer 500 for their next N requests: Stripe having a bad moment. */
  const outages = new Map<string, number>()

  /** The customer pays: session complete, subscription active, events delivered. */
  async function completeCheckout(sessionId: string, { deliver = true } = {}) {
    const session = find(state.sessions, 'checkout.session', sessionId)
    if (session.status !== 'open')
      throw new StripeError(
        400,
        'invalid_request_error',
        `Checkout session ${sessionId} is ${String(session.status)}.`,
      )
    const data = state.pendingSubscriptions.get(sessionId)!
    const customerId = String(session.customer ?? '') || createCustomer(state, {}).id
    const subscription = buildSubscription({
      customer: customerId,
      price: find(state.prices, 'price', data.price),
      metadata: data.metadata,
    })
    const invoice = buildInvoice(subscription, 'paid')
    subscription.latest_invoice = invoice.id
    state.subscriptions.set(subscription.id, subscription)
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customerId,
      subscription: subscription.id,
      invoice: invoice.id,
      customer_details: { email: state.customers.get(customerId)?.email ?? null },
    })
    const created = nowSeconds()
    const events = [
      buildEvent('checkout.session.completed', structuredClone(session), created),
      buildEvent('customer.subscription.created', structuredClone(subscription), created),
      buildEvent('invoice.payment_succeeded', invoice, created),
    ]
    if (deliver && options.webhook) {
      const { url, secret, delayMs = 0 } = options.webhook
      // Stripe delivers after the customer is already on the return page, not before.
      const delivery = (async () => {
        await new Promise((resolve) => setTimeout(resolve, delayMs))
        for (const event of events) {
          const result = await deliverEvent(url, event, secret)
          options.log?.(`webhook ${String(event.type)} → ${result.status}`)
        }
      })()
      deliveries.push(delivery.catch((error) => options.log?.(`webhook failed: ${String(error)}`)))
    }
    const returnUrl = String(session.return_url ?? '').replace('{CHECKOUT_SESSION_ID}', sessionId)
    return { session, subscription, invoice, events, returnUrl }
  }

  /** Sends one event to the webhook now (portal changes: the site shows them on return). */
  async function deliverNow(event: StripeObject): Promise<void> {
    if (!options.webhook) return
    const { url, secret } = options.webhook
    const result = await deliverEvent(url, event, secret)
    options.log?.(`webhook ${String(event.type)} → ${result.status}`)
  }

  /** A card payment from the Stripe.js stand-in, answered as Stripe's test cards are. */
  async function pay(sessionId: string, body: { number?: unknown; authenticated?: unknown }) {
    const authenticated = typeof body.authenticated === 'boolean' ? body.authenticated : undefined
    const outcome = cardOutcome(String(body.number ?? ''), authenticated)
    if (outcome.kind === 'requires_action') return { requires_action: true }
    if (outcome.kind === 'refused')
      throw new StripeError(402, 'card_error', outcome.message, outcome.code)
    const { returnUrl } = await completeCheckout(sessionId)
    return { return_url: returnUrl }
  }

  /** Endpoints for the Stripe.js stand-in in the browser. */
  async function controlRoute(method: string, path: string, raw: string): Promise<unknown> {
    if (path === '/_stand-in/health') return { ok: true }
    const [, , clientSecret = '', action] = path.split('/') // /_stand-in/<secret>/<action>
    const session = [...state.sessions.values()].find((s) => s.client_secret === clientSecret)
    if (!session) throw new StripeError(404, 'invalid_request_error', 'Unknown client secret')
    if (method === 'GET' && !action) {
      const data = state.pendingSubscriptions.get(session.id)!
      const price = state.prices.get(data.price) as StripeObject
      const product = state.products.get(String(price.product)) as StripeObject
      return {
        id: session.id,
        status: session.status,
        amount_total: session.amount_total,
        currency: session.currency,
        product: product.name,
        interval: (price.recurring as { interval: string }).interval,
      }
    }
    if (method === 'POST' && action === 'complete') {
      const { returnUrl } = await completeCheckout(session.id)
      return { return_url: returnUrl }
    }
    if (method === 'POST' && action === 'pay')
      return pay(session.id, raw ? (JSON.parse(raw) as Record<string, unknown>) : {})
    throw new StripeError(404, 'invalid_request_error', 'Unknown stand-in action')
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type',
    }
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': stripeId('req'),
        ...cors,
      })
      res.end(JSON.stringify(payload))
    }
    try {
      if (req.method === 'OPTIONS') return res.writeHead(204, cors).end()
      if (url.pathname.startsWith('/_stand-in/'))
        return send(200, await controlRoute(req.method ?? 'GET', url.pathname, raw))
      if (options.servePages && req.method === 'GET' && /^\/v3\/?$/.test(url.pathname)) {
        const api = `http://${req.headers.host ?? `${host}:${port}`}/_stand-in`
        res.writeHead(200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'no-store',
          ...cors,
        })
        return res.end(stripeJsStandInSource(api))
      }
      if (options.servePages && url.pathname.startsWith('/p/session/')) {
        const answer = await handlePortalRequest(
          state,
          req.method ?? 'GET',
          url,
          new URLSearchParams(raw),
          deliverNow,
        )
        if (answer.kind === 'redirect')
          return res.writeHead(303, { location: answer.location }).end()
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
        })
        return res.end(answer.html)
      }
      if (req.headers.authorization !== `Bearer ${options.secretKey}`)
        throw new StripeError(401, 'invalid_request_error', 'Invalid API Key provided.')
      const outage = outages.get(url.pathname) ?? 0
      if (outage > 0) {
        outages.set(url.pathname, outage - 1)
        throw new StripeError(500, 'api_error', 'The stand-in is having an outage.')
      }
      const body = parseFormBody(raw)
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null
      state.requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        body,
        idempotencyKey: key,
      })
      const replayKey = key && `${req.method} ${url.pathname} ${key}`
      if (replayKey && idempotent.has(replayKey)) return send(200, idempotent.get(replayKey))
      const result = handleApiRequest(
        state,
        req.method ?? 'GET',
        url.pathname,
        body,
        url.searchParams,
      )
      if (replayKey) idempotent.set(replayKey, result)
      send(200, result)
    } catch (error) {
      if (!(error instanceof StripeError)) throw error
      const { status, type, message, code, param } = error
      send(status, {
        error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) },
      })
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log?.(`stand-in error: ${String(error)}`)
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }))
    })
  })
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve))
  const port = (server.address() as AddressInfo).port
  if (options.servePages) state.portalBaseUrl = `http://${host}:${port}`

  return {
    host,
    port,
    protocol: 'http' as const,
    url: `http://${host}:${port}`,
    state,
    completeCheckout,
    /** The next `times` requests to `path` (e.g. /v1/subscriptions/sub_…) answer 500. */
    failRequests(path: string, times: number) {
      outages.set(path, times)
    },
    /** Resolves when every webhook delivery started so far has finished. */
    webhooksSettled: () => Promise.all(deliveries).then(() => undefined),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>
