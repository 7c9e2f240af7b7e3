/**
 * Webhook deliveries signed exactly as Stripe signs them, with the SDK's own test helper, so
 * the function under test runs its real signature verification.
 */
import Stripe from 'stripe'

const sdk = new Stripe('sk_test_signing_only')

export function signedDelivery(
  event: object,
  secret: string,
  timestamp?: number,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(event, null, 2)
  const signature = sdk.webhooks.generateTestHeaderString({ payload: body, secret, timestamp })
  return { body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } }
}

export async function deliverEvent(
  url: string,
  event: object,
  secret: string,
): Promise<{ status: number; body: string }> {
  const { body, headers } = signedDelivery(event, secret)
  const response = await fetch(url, { method: 'POST', headers, body })
  return { status: response.status, body: await response.text() }
}
