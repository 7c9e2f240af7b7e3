/**
 * Stripe.js, loaded only when checkout needs it: `@stripe/stripe-js/pure` adds the script tag
 * on the first call (not on import) and allows a fresh attempt after a failure. A script that
 * neither loads nor fails (a hanging network) counts as failed after a while.
 */
import type {
  Stripe,
  StripeEmbeddedCheckout,
  StripeEmbeddedCheckoutOptions,
} from '@stripe/stripe-js'

declare global {
  interface ImportMetaEnv {
    readonly VITE_STRIPE_PUBLISHABLE_KEY?: string
  }
}

const LOAD_TIMEOUT_MS = 15_000

export class StripeUnavailableError extends Error {}

export function publishableKey(): string | undefined {
  const key = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY
  // Only publishable keys belong in the browser; anything else is a configuration mistake.
  return key && key.startsWith('pk_') ? key : undefined
}

export async function loadStripeJs(key: string): Promise<Stripe> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new StripeUnavailableError('Stripe.js timed out')), LOAD_TIMEOUT_MS),
  )
  const load = import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(key))
  const stripe = await Promise.race([load, timeout]).catch((error: unknown) => {
    throw new StripeUnavailableError(String(error))
  })
  if (!stripe) throw new StripeUnavailableError('Stripe.js did not start')
  return stripe
}

type EmbeddedCheckoutFactory = (
  options: StripeEmbeddedCheckoutOptions,
) => Promise<StripeEmbeddedCheckout>

/**
 * Stripe.js "endive" (what @stripe/stripe-js 10 loads) calls it `createEmbeddedCheckoutPage`;
 * earlier releases called it `initEmbeddedCheckout`. Use whichever the loaded script has.
 */
export function createEmbeddedCheckout(
  stripe: Stripe,
  options: StripeEmbeddedCheckoutOptions,
): Promise<StripeEmbeddedCheckout> {
  const legacy = stripe as unknown as { initEmbeddedCheckout?: EmbeddedCheckoutFactory }
  const factory: EmbeddedCheckoutFactory | undefined =
    typeof stripe.createEmbeddedCheckoutPage === 'function'
      ? stripe.createEmbeddedCheckoutPage.bind(stripe)
      : legacy.initEmbeddedCheckout?.bind(stripe)
  if (!factory)
    return Promise.reject(new StripeUnavailableError('No embedded checkout in Stripe.js'))
  return factory(options)
}
