/**
 * The stand-in's customer portal: GET shows the page (./portalPage.ts), POST changes the
 * subscription as Stripe's portal would (cancel at period end, resume, switch interval) and
 * delivers `customer.subscription.updated`, signed, before showing the page again.
 */
import type { StripeState } from './stripeApi.ts'
import { find, StripeError } from './stripeApi.ts'
import { portalPage, type PortalAction, type PortalView } from './portalPage.ts'
import { buildEvent, type StripeObject } from './stripeObjects.ts'

export type PortalResponse = { kind: 'page'; html: string } | { kind: 'redirect'; location: string }

const NOTICES: Record<PortalAction, string> = {
  cancel: 'Your subscription is cancelled. It stays active until the end of the period.',
  resume: 'Your subscription is active again.',
  switch: 'Your billing interval is changed.',
}

/** A recurring price's interval; the portal only ever shows subscriptions' recurring prices. */
const intervalOf = (price: StripeObject) => (price.recurring as { interval: string }).interval

/** The same product's price on the other billing interval (monthly ↔ yearly), if it has one. */
function otherIntervalPrice(state: StripeState, price: StripeObject): StripeObject | undefined {
  return [...state.prices.values()].find(
    (candidate) =>
      candidate.product === price.product &&
      candidate.recurring != null &&
      intervalOf(candidate) !== intervalOf(price),
  )
}

function portalView(state: StripeState, session: StripeObject, notice: string | null): PortalView {
  const customer = find(state.customers, 'customer', String(session.customer))
  const subscriptions = [...state.subscriptions.values()]
    .filter((subscription) => subscription.customer === customer.id)
    .map((subscription) => {
      const item = (subscription.items as { data: StripeObject[] }).data[0] as StripeObject
      const price = item.price as StripeObject
      const interval = intervalOf(price)
      const other = otherIntervalPrice(state, price)
      const product = state.products.get(String(price.product))
      return {
        subscription,
        productName: String(product?.name ?? 'Subscription'),
        amount: Number(price.unit_amount),
        currency: String(price.currency),
        interval,
        switchTo: other
          ? {
              id: other.id,
              interval: intervalOf(other),
              amount: Number(other.unit_amount),
            }
          : null,
      }
    })
  return {
    sessionPath: `/p/session/${session.id}`,
    returnUrl: typeof session.return_url === 'string' ? session.return_url : null,
    email: typeof customer.email === 'string' ? customer.email : null,
    subscriptions,
    notice,
  }
}

/** Applies one portal action; answers the event Stripe would send for it. */
export function applyPortalAction(
  state: StripeState,
  subscription: StripeObject,
  action: PortalAction,
): StripeObject {
  const item = (subscription.items as { data: StripeObject[] }).data[0] as StripeObject
  let previous: Record<string, unknown>
  if (action === 'cancel' || action === 'resume') {
    const ending = action === 'cancel'
    previous = { cancel_at_period_end: subscription.cancel_at_period_end ?? false }
    subscription.cancel_at_period_end = ending
    subscription.cancel_at = ending ? item.current_period_end : null
    subscription.canceled_at = ending ? Math.floor(Date.now() / 1000) : null
  } else {
    const other = otherIntervalPrice(state, item.price as StripeObject)
    if (!other)
      throw new StripeError(
        400,
        'invalid_request_error',
        'There is no other interval to switch to.',
      )
    previous = { items: structuredClone(subscription.items) }
    item.price = other
  }
  return buildEvent(
    'customer.subscription.updated',
    structuredClone(subscription),
    undefined,
    previous,
  )
}

export async function handlePortalRequest(
  state: StripeState,
  method: string,
  url: URL,
  form: URLSearchParams,
  deliver: (event: StripeObject) => Promise<void>,
): Promise<PortalResponse> {
  const [, , , sessionId = '', action] = url.pathname.split('/') // /p/session/<id>/<action>
  const session = find(state.portalSessions, 'billing_portal.session', sessionId)
  if (method === 'GET' && !action) {
    const done = url.searchParams.get('done') as PortalAction | null
    const notice = done && Object.hasOwn(NOTICES, done) ? NOTICES[done] : null
    return { kind: 'page', html: portalPage(portalView(state, session, notice)) }
  }
  if (method !== 'POST' || !action || !Object.hasOwn(NOTICES, action))
    throw new StripeError(404, 'invalid_request_error', 'Unknown portal action')
  const subscription = find(state.subscriptions, 'subscription', form.get('subscription') ?? '')
  // A portal session only ever reaches its own customer's subscriptions.
  if (subscription.customer !== session.customer)
    throw new StripeError(404, 'invalid_request_error', 'No such subscription for this customer')
  await deliver(applyPortalAction(state, subscription, action as PortalAction))
  return { kind: 'redirect', location: `/p/session/${session.id}?done=${action}` }
}
