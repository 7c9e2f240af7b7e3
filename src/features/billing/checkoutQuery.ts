/**
 * The billing feature's entry for the router (src/routes.tsx), which every page loads: only
 * the check of a checkout address, without the pricing components index.ts re-exports.
 */

/** The plans and billing intervals `/subscribe/stripe?plan=…&interval=…` accepts. */
export const CHECKOUT_PLANS = ['pro'] as const
export const CHECKOUT_INTERVALS = ['month', 'year'] as const

/** Missing parameters are fine (defaults apply); present ones must be known values. */
export function isValidCheckoutQuery(params: URLSearchParams): boolean {
  const plan = params.get('plan')
  const interval = params.get('interval')
  return (
    (plan === null || (CHECKOUT_PLANS as readonly string[]).includes(plan)) &&
    (interval === null || (CHECKOUT_INTERVALS as readonly string[]).includes(interval))
  )
}
