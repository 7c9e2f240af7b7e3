/**
 * The stand-in's Stripe resources: in-memory state and the `/v1/...` endpoints Folio's
 * functions call, answering with objects shaped like Stripe's (./fixtures) and Stripe's error
 * shape (`{ error: { type, code, message, param } }`) for what Stripe would refuse.
 */
import type { FormObject } from './formBody.ts'
import { fixture, nowSeconds, seededCatalog, stripeId, type StripeObject } from './stripeObjects.ts'

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message)
  }
}

export interface RecordedRequest {
  method: string
  path: string
  body: FormObject
  idempotencyKey: string | null
}

/** `portalBaseUrl`: where portal sessions send the customer (the stand-in's own page), else Stripe's address. */
export function createStripeState({ portalBaseUrl }: { portalBaseUrl?: string } = {}) {
  const catalog = seededCatalog()
  return {
    portalBaseUrl,
    customers: new Map<string, StripeObject>(),
    sessions: new Map<string, StripeObject>(),
    subscriptions: new Map<string, StripeObject>(),
    portalSessions: new Map<string, StripeObject>(),
    products: new Map(catalog.products.map((product) => [product.id, product])),
    prices: new Map(catalog.prices.map((price) => [price.id, price])),
    /** What each checkout session's subscription will be made of when the customer pays. */
    pendingSubscriptions: new Map<string, { price: string; metadata: Record<string, unknown> }>(),
    requests: [] as RecordedRequest[],
  }
}

export type StripeState = ReturnType<typeof createStripeState>

export function find(map: Map<string, StripeObject>, kind: string, id: string): StripeObject {
  const found = map.get(id)
  if (!found)
    throw new StripeError(
      404,
      'invalid_request_error',
      `No such ${kind}: '${id}'`,
      'resource_missing',
      'id',
    )
  return found
}

export function createCustomer(state: StripeState, body: FormObject): StripeObject {
  const customer = fixture('customer', {
    id: stripeId('cus'),
    created: nowSeconds(),
    email: body.email ?? null,
    name: body.name ?? null,
    metadata: body.metadata ?? {},
  })
  state.customers.set(customer.id, customer)
  return customer
}

function createCheckoutSession(state: StripeState, body: FormObject): StripeObject {
  if (body.mode !== 'subscription')
    throw new StripeError(
      400,
      'invalid_request_error',
      'The stand-in only makes subscriptions.',
      'parameter_invalid_string',
      'mode',
    )
  const items = (body.line_items ?? []) as FormObject[]
  const price = find(state.prices, 'price', String(items[0]?.price ?? ''))
  if (body.ui_mode === 'embedded_page' && !body.return_url)
    throw new StripeError(
      400,
      'invalid_request_error',
      'A return_url is required for embedded_page.',
      'parameter_missing',
      'return_url',
    )
  if (body.customer) find(state.customers, 'customer', String(body.customer))
  const id = stripeId('cs_test')
  const session = fixture('checkout_session', {
    id,
    created: nowSeconds(),
    expires_at: nowSeconds() + 86_400,
    client_secret: `${id}_secret_${stripeId('x').slice(2)}`,
    client_reference_id: body.client_reference_id ?? null,
    customer: body.customer ?? null,
    currency: price.currency,
    amount_subtotal: price.unit_amount,
    amount_total: price.unit_amount,
    metadata: body.metadata ?? {},
    return_url: body.return_url ?? null,
    ui_mode: body.ui_mode ?? 'hosted_page',
  })
  state.sessions.set(id, session)
  const subscriptionData = body.subscription_data as FormObject | undefined
  state.pendingSubscriptions.set(id, {
    price: price.id,
    metadata: (subscriptionData?.metadata as Record<string, unknown> | undefined) ?? {},
  })
  return session
}

function createPortalSession(state: StripeState, body: FormObject): StripeObject {
  const customer = find(state.customers, 'customer', String(body.customer ?? ''))
  const id = stripeId('bps')
  const portal = fixture('billing_portal_session', {
    id,
    created: nowSeconds(),
    customer: customer.id,
    return_url: body.return_url ?? null,
    url: state.portalBaseUrl
      ? `${state.portalBaseUrl}/p/session/${id}`
      : `https://billing.stripe.com/p/session/test_${id.slice(4)}`,
  })
  state.portalSessions.set(portal.id, portal)
  return portal
}

const list = (data: StripeObject[], url: string) => ({ object: 'list', data, has_more: false, url })

type Run = (state: StripeState, id: string, body: FormObject, query: URLSearchParams) => unknown
const routes: [method: string, pattern: RegExp, run: Run][] = [
  ['POST', /^\/v1\/customers$/, (state, _, body) => createCustomer(state, body)],
  [
    'GET',
    /^\/v1\/customers$/,
    (state, _, __, query) =>
      list(
        [...state.customers.values()]
          .filter((customer) => !query.get('email') || customer.email === query.get('email'))
          .slice(0, Number(query.get('limit') ?? 10)),
        '/v1/customers',
      ),
  ],
  ['GET', /^\/v1\/customers\/([^/]+)$/, (state, id) => find(state.customers, 'customer', id)],
  ['POST', /^\/v1\/checkout\/sessions$/, (state, _, body) => createCheckoutSession(state, body)],
  [
    'GET',
    /^\/v1\/checkout\/sessions\/([^/]+)$/,
    (state, id) => find(state.sessions, 'checkout.session', id),
  ],
  [
    'POST',
    /^\/v1\/billing_portal\/sessions$/,
    (state, _, body) => createPortalSession(state, body),
  ],
  [
    'GET',
    /^\/v1\/subscriptions\/([^/]+)$/,
    (state, id) => find(state.subscriptions, 'subscription', id),
  ],
  ['GET', /^\/v1\/products\/([^/]+)$/, (state, id) => find(state.products, 'product', id)],
  ['GET', /^\/v1\/prices\/([^/]+)$/, (state, id) => find(state.prices, 'price', id)],
]

export function handleApiRequest(
  state: StripeState,
  method: string,
  path: string,
  body: FormObject,
  query: URLSearchParams,
): unknown {
  for (const [routeMethod, pattern, run] of routes) {
    const match = method === routeMethod ? pattern.exec(path) : null
    if (match) return run(state, decodeURIComponent(match[1] ?? ''), body, query)
  }
  throw new StripeError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${method}: ${path}).`,
  )
}
