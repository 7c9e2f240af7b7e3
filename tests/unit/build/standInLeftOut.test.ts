/**
 * The Stripe stand-in is chosen by configuration and is no part of shipped code: a build made
 * without VITE_STRIPE_STAND_IN_URL carries none of the loader that would put the stand-in's
 * Stripe.js on the page (src/config/stripe.ts, src/features/billing/stripeJs.ts). Bundled here
 * as the production build bundles it, minified, with each configuration.
 */
import { build, type Rollup } from 'vite'
import { describe, expect, it } from 'vitest'
import { configDefines } from '../../../scripts/vite/configPlugin.ts'

async function bundleStripeJs(standInUrl: string | null): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    define: configDefines({
      site: { url: 'https://folio.example' },
      supabase: { url: 'https://ref.supabase.co', anonKey: 'sb_publishable_abc' },
      stripe: { publishableKey: 'pk_live_abc', standInUrl },
    }),
    build: {
      write: false,
      minify: true,
      lib: { entry: 'src/features/billing/stripeJs.ts', formats: ['es'], fileName: 'stripeJs' },
      rollupOptions: { external: [/^@stripe\//] },
    },
  })) as Rollup.RollupOutput[]
  return output
    .flatMap((result) => result.output)
    .map((chunk) => ('code' in chunk ? chunk.code : ''))
    .join('\n')
}

describe('the Stripe stand-in in the bundle', () => {
  it('is left out of a build made without it', async () => {
    const code = await bundleStripeJs(null)
    expect(code).not.toContain('/v3/')
    expect(code).not.toMatch(/createElement\(\s*[`"']script/)
  }, 60_000)

  it('is loaded by a build made for it', async () => {
    const code = await bundleStripeJs('http://127.0.0.1:12111')
    expect(code).toContain('/v3/')
  }, 60_000)
})
