/**
 * The app's configuration: checked once when the build starts (schema.ts, run by
 * scripts/vite/configPlugin.ts), then written into the bundle as literals, so the browser
 * runs no validation and no env lookups. One frozen object per concern, each in its own
 * module: the bundler keeps a module whole, so a public page that needs the site URL then
 * carries neither the Supabase anon key nor the Stripe key.
 */
export { siteConfig } from './site.ts'
export { supabaseConfig } from './supabase.ts'
export { stripeConfig, stripeStandInUrl } from './stripe.ts'
export type { SiteConfig, StripeConfig, SupabaseConfig } from './schema.ts'
