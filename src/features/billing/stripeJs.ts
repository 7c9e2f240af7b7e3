/**
 * Stripe.js, loaded only when checkout needs it: `@stripe/stripe-js/pure` adds the script tag
 * on the first call (not on import) and allows a fresh attempt after a failure. A script that
 * neither loads nor fails (a hanging network) counts as failed after a while.
 *
 * Local runs without Stripe keys (`npm start`, the end-to-end suite) build with
 * VITE_STRIPE_STAND_IN_URL, the origin of the local Stripe stand-in (scripts/local/stripe): its
 * test-mode Stripe.js is put on the page first, and `loadStripe` takes the `window.Stripe` it
 * finds instead of fetching js.stripe.com. Production builds never set it.
 */
import type {
  Stripe,
  StripeEmbeddedCheckout,
  StripeEmbeddedCheckoutOptions,
} from '@stripe/stripe-js'
import { stripeConfig, stripeStandInUrl } from '../../config'

const LOAD_TIMEOUT_MS = 15_000

export class StripeUnavailableError extends Error {}

export function publishableKey(): string | undefined {
  const key = stripeConfig.publishableKey
  // The build refuses anything but a publishable key (src/config/schema.ts); this stays as the
  // last word in the browser.
  return key.startsWith('pk_') ? key : undefined
}

export async function loadStripeJs(key: string): Promise<Stripe> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new StripeUnavailableError('Stripe.js timed out')), LOAD_TIMEOUT_MS),
  )
  // In a build without the stand-in this is null, and the bundler drops loadScript.
  const load = (
    stripeStandInUrl
      ? loadScript(`${stripeStandInOrigin(stripeStandInUrl)}/v3/`)
      : Promise.resolve()
  ).then(() => import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(key)))
  const stripe = await Promise.race([load, timeout]).catch((error: unknown) => {
    throw new StripeUnavailableError(String(error))
  })
  if (!stripe) throw new StripeUnavailableError('Stripe.js did not start')
  return stripe
}

/** The local Stripe stand-in's origin when this build was made for one, else undefined. */
export function stripeStandInOrigin(
  configured: string | null | undefined = stripeStandInUrl,
): string | undefined {
  if (!configured) return undefined
  try {
    return new URL(configured).origin
  } catch {
    return undefined
  }
}

/**
 * Where the billing portal may send the browser: Stripe's own pages (https), or the stand-in's
 * portal page in a build made for it. Anything else is refused, whatever the function answers.
 */
export function isBillingPortalUrl(
  url: string,
  standIn = stripeStandInUrl ? stripeStandInOrigin(stripeStandInUrl) : undefined,
): boolean {
  if (url.startsWith('https://')) return true
  return Boolean(standIn && url.startsWith(`${standIn}/`))
}

function loadScript(src: string): Promise<void> {
  if ((window as { Stripe?: unknown }).Stripe) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.addEventListener('load', () => resolve())
    script.addEventListener('error', () => {
      script.remove()
      reject(new StripeUnavailableError(`${src} did not load`))
    })
    document.head.append(script)
  })
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
