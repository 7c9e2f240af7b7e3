/**
 * The one place functions get a Stripe client. It uses fetch (Deno has no Node http), and
 * STRIPE_API_HOST / STRIPE_API_PORT / STRIPE_API_PROTOCOL point it at the local stand-in in
 * tests; production leaves them unset and talks to api.stripe.com.
 */
import Stripe from 'stripe'
import { optionalEnv, requireEnv } from './env.ts'

export type { Stripe }

export function createStripe(): Stripe {
  const host = optionalEnv('STRIPE_API_HOST')
  const port = optionalEnv('STRIPE_API_PORT')
  const protocol = optionalEnv('STRIPE_API_PROTOCOL')
  return new Stripe(requireEnv('STRIPE_SECRET_KEY'), {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(host ? { host } : {}),
    ...(port ? { port: Number(port) } : {}),
    ...(protocol === 'http' || protocol === 'https' ? { protocol } : {}),
  })
}

/** Verifies with Web Crypto, which both Deno and Node have. */
export const webCrypto = Stripe.createSubtleCryptoProvider()

export function isStripeError(error: unknown, code?: string): boolean {
  return error instanceof Stripe.errors.StripeError && (code === undefined || error.code === code)
}
