/**
 * What a Stripe delivery must look like before the webhook reads a byte of its body: anyone on
 * the internet can POST to the function, so the cheap checks come first and the body is read
 * only up to a size no genuine event reaches.
 */

/**
 * Bytes of body read at most. Stripe publishes no maximum event size, but it bounds what an
 * event carries: an object's embedded lists hold only "the first handful" of items with a URL
 * for the rest (an invoice's `lines`, a subscription's `items`), and metadata is at most 50 keys
 * of 500 characters. The events Folio subscribes to (products, prices, checkout sessions,
 * subscriptions, invoices, with `previous_attributes`) come to tens of KB. 1 MiB leaves more
 * than ten times that, so a genuine delivery is never refused (Stripe would retry it and then
 * disable the endpoint), and a forged one costs us at most 1 MiB of reading.
 */
export const STRIPE_WEBHOOK_MAX_BODY_BYTES = 1024 * 1024

/** An HMAC-SHA256 in hex, which is what Stripe's v1 scheme sends. */
const V1_SIGNATURE = /^[0-9a-f]{64}$/

/**
 * Whether `header` is a Stripe-Signature that could verify: a `t=<unix seconds>` no older than
 * `toleranceSeconds` and at least one `v1=<hex HMAC>`. The same reading as stripe-node's
 * Webhooks.js `parseHeader` (comma-separated `key=value` items; other schemes such as v0 are
 * ignored there too), stricter only where stripe-node would fail anyway: it compares the
 * signatures against a 64-character hex digest and refuses timestamps older than its
 * tolerance (`validateComputedSignature`).
 */
export function plausibleSignatureHeader(
  header: string | null,
  toleranceSeconds: number,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false
  let timestamp: number | undefined
  let signatures = 0
  for (const item of header.split(',')) {
    const [key, value = ''] = item.split('=')
    if (key === 't') timestamp = /^\d{1,12}$/.test(value) ? Number(value) : undefined
    if (key === 'v1' && V1_SIGNATURE.test(value)) signatures++
  }
  if (timestamp === undefined || signatures === 0) return false
  return nowSeconds - timestamp <= toleranceSeconds
}
