import type { StripeConfig } from './schema.ts'

declare const __FOLIO_STRIPE_CONFIG__: StripeConfig
declare const __FOLIO_STRIPE_STAND_IN__: string | null

/** Checked at build time (schema.ts); a literal in the bundle. */
export const stripeConfig: Readonly<StripeConfig> =
  /* @__PURE__ */ Object.freeze(__FOLIO_STRIPE_CONFIG__)

/**
 * The local Stripe stand-in's address in a build made for one (`npm start`, the end-to-end
 * suite), null in every other. A literal of its own rather than a field of the frozen object:
 * the bundler folds null into the code that uses it, and a production build ships none of the
 * stand-in's loader (tests/unit/build/standInLeftOut.test.ts).
 */
export const stripeStandInUrl: string | null = __FOLIO_STRIPE_STAND_IN__
