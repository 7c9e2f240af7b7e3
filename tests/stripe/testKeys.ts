/**
 * Keys the local Stripe stand-in accepts. They only open the stand-in (never real Stripe):
 * the same values are given to the local backend's functions in e2e runs and in tests.
 */
export const STAND_IN_SECRET_KEY = 'sk_test_folio_local_stand_in'
export const STAND_IN_WEBHOOK_SECRET = 'whsec_folio_local_stand_in'
export const STAND_IN_PUBLISHABLE_KEY = 'pk_test_folio_local_stand_in'
/** stripe-mock's customary port; e2e runs start the stand-in here. */
export const STAND_IN_PORT = 12111
