/**
 * Keys the local Stripe stand-in accepts. They only open the stand-in (never real Stripe):
 * the same values are given to the local backend's functions in e2e runs and in tests.
 */
export const STAND_IN_SECRET_KEY = 'sk_test_folio_local_stand_in'
export const STAND_IN_WEBHOOK_SECRET = 'whsec_folio_local_stand_in'
export const STAND_IN_PUBLISHABLE_KEY = 'pk_test_folio_local_stand_in'
/** stripe-mock's customary port; e2e runs start the stand-in here. */
export const STAND_IN_PORT = 12111
/** Where the e2e suite starts it (E2E_STRIPE_PORT lets two checkouts test side by side). */
export const E2E_STAND_IN_PORT = Number(process.env.E2E_STRIPE_PORT ?? STAND_IN_PORT)

/** What the backend's functions need to use the stand-in instead of api.stripe.com. */
export function standInFunctionEnv(port = STAND_IN_PORT): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: 'http',
  }
}
