/**
 * The Stripe stand-in as its own process, for end-to-end runs and local development:
 *   npx tsx scripts/local/stripe/main.ts [--port 12111] [--webhook-url http://127.0.0.1:54321/functions/v1/stripe-webhook] [--serve-pages]
 * --serve-pages also serves the browser side: a test-mode Stripe.js at /v3/ (for builds made with
 * VITE_STRIPE_STAND_IN_URL=http://127.0.0.1:12111) and the customer portal.
 * Point the backend's functions at it with STRIPE_API_HOST=127.0.0.1 STRIPE_API_PORT=12111
 * STRIPE_API_PROTOCOL=http and the keys in ./testKeys.ts.
 */
import { startStripeStandIn } from './stripeStandIn.ts'
import { STAND_IN_PORT, STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET } from './testKeys.ts'
import { countFlag, portFlag, readCommandLine, readFlags } from '../../cliFlags.ts'

const values = readCommandLine({
  usage: `Usage: npx tsx scripts/local/stripe/main.ts [flags]
  --port <n>               port to listen on (default ${STAND_IN_PORT})
  --webhook-url <url>      where the signed webhooks go (default the local backend's)
  --webhook-delay-ms <n>   how long to wait before sending a webhook (default 800)
  --serve-pages            also serve the test-mode Stripe.js and the customer portal`,
  options: {
    port: { type: 'string', default: String(STAND_IN_PORT) },
    'webhook-url': {
      type: 'string',
      default: 'http://127.0.0.1:54321/functions/v1/stripe-webhook',
    },
    // Real Stripe delivers a moment after the customer is back on the site; so do we.
    'webhook-delay-ms': { type: 'string', default: '800' },
    'serve-pages': { type: 'boolean', default: false },
  },
})

const { port, webhookDelayMs } = readFlags(() => ({
  port: portFlag('--port', values.port),
  webhookDelayMs: countFlag(
    '--webhook-delay-ms',
    values['webhook-delay-ms'],
    'how long to wait before sending a webhook, in milliseconds (800)',
    { min: 0 },
  ),
}))

const standIn = await startStripeStandIn({
  port,
  secretKey: process.env.STRIPE_SECRET_KEY ?? STAND_IN_SECRET_KEY,
  webhook: {
    url: values['webhook-url'],
    secret: process.env.STRIPE_WEBHOOK_SECRET ?? STAND_IN_WEBHOOK_SECRET,
    delayMs: webhookDelayMs,
  },
  log: (line) => console.log(`[stripe stand-in] ${line}`),
  servePages: values['serve-pages'],
})
console.log(`Stripe stand-in listening on ${standIn.url}`)

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void standIn.close().finally(() => process.exit(0)))
