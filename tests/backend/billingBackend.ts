/**
 * For backend tests: the local Supabase stand-in running the real supabase/functions, wired to
 * a Stripe stand-in (the functions' STRIPE_* settings) whose webhooks go back to it.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestBackend } from './helpers.ts'
import {
  startStripeStandIn,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  signedDelivery,
} from '../../scripts/local/stripe/index.ts'

const functionsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../supabase/functions',
)

export async function startBillingBackend() {
  const backend = await startTestBackend({ functionsDir })
  const webhookUrl = `${backend.url}/functions/v1/stripe-webhook`
  const stripe = await startStripeStandIn({
    secretKey: STAND_IN_SECRET_KEY,
    webhook: { url: webhookUrl, secret: STAND_IN_WEBHOOK_SECRET },
  })
  // Functions read these through Deno.env, which falls back to process.env (one per test file).
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    STRIPE_API_HOST: stripe.host,
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: stripe.protocol,
  })

  /** POSTs an event to the webhook, signed with `secret` now unless told otherwise. */
  async function sendEvent(
    event: object,
    {
      secret = STAND_IN_WEBHOOK_SECRET,
      tamper,
      signedAt,
    }: { secret?: string; tamper?: (body: string) => string; signedAt?: number } = {},
  ) {
    const { body, headers } = signedDelivery(event, secret, signedAt)
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers,
      body: tamper ? tamper(body) : body,
    })
    return { status: response.status, json: (await response.json()) as Record<string, unknown> }
  }

  /** Calls a function as the given signed-in client; returns status and parsed body. */
  async function invoke(client: SupabaseClient, name: string, body: object = {}) {
    const { data, error } = await client.functions.invoke(name, { body })
    if (!error) return { status: 200, body: data as Record<string, unknown> }
    const response = (error as { context?: Response }).context
    if (!response) throw error
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  return {
    backend,
    stripe,
    webhookUrl,
    sendEvent,
    invoke,
    async stop() {
      await stripe.webhooksSettled()
      await stripe.close()
      await backend.stop()
    },
  }
}

export type BillingBackend = Awaited<ReturnType<typeof startBillingBackend>>
