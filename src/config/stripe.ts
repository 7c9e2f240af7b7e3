import type { StripeConfig } from './schema.ts'

declare const __FOLIO_STRIPE_CONFIG__: StripeConfig

/** Checked at build time (schema.ts); a literal in the bundle. */
export const stripeConfig: Readonly<StripeConfig> =
  /* @__PURE__ */ Object.freeze(__FOLIO_STRIPE_CONFIG__)
