/**
 * The security headers the CDN must send (documented in docs/security-headers.md). The
 * end-to-end tests serve dist/ with exactly these, so the site is proven to work under them.
 */
import { bootScriptHash } from '../build/deferHydration.ts'
import { colorModeScriptHash, webFontsScriptHash } from '../vite/folioPlugin.ts'

export interface SecurityHeaderOptions {
  /** The Supabase project URL the app talks to (REST, auth, storage, realtime). */
  supabaseUrl?: string
  /** HSTS only makes sense over https; leave it off for a plain-http local server. */
  https?: boolean
  /**
   * Local runs only (`npm start`, end-to-end): the Stripe stand-in's origin, which then takes
   * the place of Stripe's hosts (its Stripe.js and its API). Production never passes it.
   */
  stripeStandInUrl?: string
}

/** Where Stripe.js comes from, what it calls and what it frames: Stripe, or the local stand-in. */
function stripeSources(standInUrl: string | undefined) {
  if (standInUrl) {
    const origin = new URL(standInUrl).origin
    return { script: [origin], connect: [origin], frame: [origin] }
  }
  return {
    script: ['https://js.stripe.com'],
    connect: ['https://api.stripe.com'],
    frame: ['https://js.stripe.com', 'https://checkout.stripe.com', 'https://hooks.stripe.com'],
  }
}

export function contentSecurityPolicy({
  supabaseUrl,
  stripeStandInUrl,
}: SecurityHeaderOptions = {}): string {
  const stripe = stripeSources(stripeStandInUrl)
  const backend = supabaseUrl ? new URL(supabaseUrl) : null
  const backendOrigins = backend
    ? [backend.origin, `${backend.protocol === 'https:' ? 'wss' : 'ws'}://${backend.host}`]
    : []
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Three inline scripts, each allowed by its hash: the no-flash colour mode, the web-font
    // switch (src/app/webFonts.ts) and the hydration starter (scripts/build/deferHydration.ts);
    // Stripe.js for checkout.
    'script-src': [
      "'self'",
      `'${colorModeScriptHash}'`,
      `'${webFontsScriptHash}'`,
      `'${bootScriptHash}'`,
      ...stripe.script,
    ],
    // The entry CSS is inlined into each page for a faster first paint, and shiki colours
    // tokens with style attributes; styles cannot run code, scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(backend ? [backend.origin] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...backendOrigins, ...stripe.connect],
    'frame-src': stripe.frame,
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

export function securityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': `camera=(), microphone=(), geolocation=(), payment=(self "${stripeSources(options.stripeStandInUrl).script[0]}")`,
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(options.https
      ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload' }
      : {}),
  }
}
