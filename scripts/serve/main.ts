/**
 * `npm run preview`: serve dist/ like the CDN does, with its security headers.
 * Flags: --port N, --dir D, --gzip, --no-security-headers, --supabase-url URL,
 * --stripe-stand-in-url URL (local runs whose build loads Stripe.js from the Stripe stand-in).
 */
import { parseArgs } from 'node:util'
import { securityHeaders } from './securityHeaders.ts'
import { startStaticServer } from './staticServer.ts'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4173' },
    dir: { type: 'string', default: 'dist' },
    host: { type: 'string', default: '127.0.0.1' },
    gzip: { type: 'boolean', default: false },
    'no-security-headers': { type: 'boolean', default: false },
    'supabase-url': { type: 'string', default: process.env.VITE_SUPABASE_URL },
    'stripe-stand-in-url': { type: 'string', default: process.env.VITE_STRIPE_STAND_IN_URL },
  },
})

const { url } = await startStaticServer({
  root: values.dir,
  port: Number(values.port),
  host: values.host,
  gzip: values.gzip,
  headers: values['no-security-headers']
    ? {}
    : securityHeaders({
        supabaseUrl: values['supabase-url'],
        stripeStandInUrl: values['stripe-stand-in-url'] || undefined,
      }),
})
console.log(`Serving ${values.dir}/ at ${url} (no SPA fallback, like the CDN)`)
