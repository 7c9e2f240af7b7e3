/**
 * Which Stripe a build talks to: Stripe's hosts unless the build is told the local stand-in's
 * address (only `npm start` and the end-to-end suite do), and its emitted headers follow.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildHeaderSet, contentSecurityPolicy } from '../../../scripts/build/securityHeaders.ts'
import { isBillingPortalUrl, stripeStandInOrigin } from '../../../src/features/billing/stripeJs.ts'

// As a production build: no stand-in named, whatever the shell running the tests has set.
beforeEach(() => vi.stubEnv('VITE_STRIPE_STAND_IN_URL', ''))
afterEach(() => vi.unstubAllEnvs())

describe('the Stripe.js source', () => {
  it('is Stripe unless the build names a stand-in', () => {
    expect(stripeStandInOrigin(undefined)).toBeUndefined()
    expect(stripeStandInOrigin('')).toBeUndefined()
    expect(stripeStandInOrigin('not a url')).toBeUndefined()
    expect(stripeStandInOrigin('http://127.0.0.1:12111/')).toBe('http://127.0.0.1:12111')
  })
})

describe('where the billing portal may send the browser', () => {
  it('only to https in a production build', () => {
    expect(isBillingPortalUrl('https://billing.stripe.com/p/session/test_1', undefined)).toBe(true)
    expect(isBillingPortalUrl('http://127.0.0.1:12111/p/session/bps_1', undefined)).toBe(false)
    expect(isBillingPortalUrl('javascript:alert(1)', undefined)).toBe(false)
  })

  it('to the stand-in too in a local build, but not to look-alike origins', () => {
    const standIn = 'http://127.0.0.1:12111'
    expect(isBillingPortalUrl('http://127.0.0.1:12111/p/session/bps_1', standIn)).toBe(true)
    expect(isBillingPortalUrl('http://127.0.0.1:121110/p/session/bps_1', standIn)).toBe(false)
    expect(isBillingPortalUrl('http://127.0.0.1:12111.evil.test/p', standIn)).toBe(false)
    expect(isBillingPortalUrl('http://evil.test/p/session/bps_1', standIn)).toBe(false)
  })
})

describe('the content security policy', () => {
  it('names only Stripe’s hosts in production', () => {
    const csp = contentSecurityPolicy({ supabaseUrl: 'https://ref.supabase.co', scriptHashes: [] })
    expect(csp).toContain('script-src')
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/)
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/)
    expect(csp).not.toContain('127.0.0.1')
  })

  it('names the stand-in instead of Stripe when a local build names it', () => {
    const { headers } = buildHeaderSet({
      supabaseUrl: 'http://127.0.0.1:54321',
      stripeStandInUrl: 'http://127.0.0.1:12111',
      scriptHashes: [],
    })
    const csp = headers['Content-Security-Policy']!
    expect(csp).toMatch(/script-src [^;]*http:\/\/127\.0\.0\.1:12111/)
    expect(csp).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:12111/)
    expect(csp).not.toContain('stripe.com')
    expect(headers['Permissions-Policy']).toContain('payment=(self "http://127.0.0.1:12111")')
  })
})
