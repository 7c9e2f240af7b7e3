/**
 * What the rest of the repository may use of the local Stripe stand-in: start one, the keys
 * and port it answers to, its test-mode Stripe.js, the objects and signed webhooks it makes
 * (for backend tests that drive the webhook directly) and its test cards.
 */
export { startStripeStandIn, type StripeStandIn } from './stripeStandIn.ts'
export {
  E2E_STAND_IN_PORT,
  STAND_IN_PORT,
  STAND_IN_PUBLISHABLE_KEY,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  standInFunctionEnv,
} from './testKeys.ts'
export { stripeJsStandInSource } from './stripeJsStandIn.ts'
export {
  buildEvent,
  buildInvoice,
  buildSubscription,
  fixture,
  nowSeconds,
  type StripeObject,
} from './stripeObjects.ts'
export { signedDelivery } from './webhooks.ts'
export { parseFormBody } from './formBody.ts'
export { TEST_CARDS } from './testCards.ts'
