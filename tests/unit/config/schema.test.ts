/**
 * The build's environment check (src/config/schema.ts): each rule is tried with the values a
 * hurried deploy or a copy-paste would give it, and the error must name the variable and what
 * was expected, without printing a key.
 */
import { fileURLToPath } from 'node:url'
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { readEnvFile } from '../../../scripts/config/envFiles.ts'
import { devApiKey } from '../../../scripts/local/supabase/devKeys.ts'
import { BuildConfigError, EXPECTED, parseBuildConfig } from '../../../src/config/schema.ts'

const committed = readEnvFile(fileURLToPath(new URL('../../../.env', import.meta.url)))

function problemsWith(overrides: Record<string, string | undefined>): string[] {
  try {
    parseBuildConfig({ ...committed, ...overrides })
  } catch (error) {
    expect(error).toBeInstanceOf(BuildConfigError)
    return (error as BuildConfigError).problems
  }
  throw new Error('the configuration was accepted')
}

describe('the committed .env', () => {
  it('is a valid build configuration for the local stand-ins', () => {
    const config = parseBuildConfig(committed)
    expect(config.site.url).toBe('https://folio.example')
    expect(config.supabase.url).toBe('http://127.0.0.1:54321')
    expect(config.supabase.anonKey).toBe(committed.VITE_SUPABASE_ANON_KEY)
    expect(config.stripe).toEqual({
      publishableKey: 'pk_test_folio_local_stand_in',
      standInUrl: null,
    })
  })
})

describe('VITE_SITE_URL', () => {
  it('defaults to https://folio.example when unset or empty, and loses trailing slashes', () => {
    expect(parseBuildConfig({ ...committed, VITE_SITE_URL: '' }).site.url).toBe(
      'https://folio.example',
    )
    expect(
      parseBuildConfig({ ...committed, VITE_SITE_URL: 'https://notes.example//' }).site.url,
    ).toBe('https://notes.example')
  })

  it('refuses a domain without a scheme and other schemes', () => {
    expect(problemsWith({ VITE_SITE_URL: 'folio.app' })).toEqual([
      `VITE_SITE_URL is "folio.app": expected ${EXPECTED.VITE_SITE_URL}`,
    ])
    expect(problemsWith({ VITE_SITE_URL: 'ftp://folio.app' })[0]).toMatch(/^VITE_SITE_URL is/)
  })
})

describe('VITE_SUPABASE_URL', () => {
  it('is required', () => {
    expect(problemsWith({ VITE_SUPABASE_URL: undefined })).toEqual([
      `VITE_SUPABASE_URL is missing: expected ${EXPECTED.VITE_SUPABASE_URL}`,
    ])
    expect(problemsWith({ VITE_SUPABASE_URL: '  ' })[0]).toMatch(/^VITE_SUPABASE_URL is missing/)
  })

  it('refuses plain http to another machine: sessions would cross the network in clear', () => {
    expect(problemsWith({ VITE_SUPABASE_URL: 'http://ref.supabase.co' })).toEqual([
      `VITE_SUPABASE_URL is "http://ref.supabase.co": expected ${EXPECTED.VITE_SUPABASE_URL}`,
    ])
    expect(problemsWith({ VITE_SUPABASE_URL: 'ref.supabase.co' })[0]).toMatch(/expected/)
  })

  it('takes https anywhere and http on this machine, without a trailing slash', () => {
    const hosted = { ...committed, VITE_SUPABASE_URL: 'https://ref.supabase.co/' }
    expect(parseBuildConfig(hosted).supabase.url).toBe('https://ref.supabase.co')
    const local = { ...committed, VITE_SUPABASE_URL: 'http://localhost:54680' }
    expect(parseBuildConfig(local).supabase.url).toBe('http://localhost:54680')
  })
})

describe('VITE_SUPABASE_ANON_KEY', () => {
  it('refuses the service_role key without printing it', async () => {
    const serviceKey = await devApiKey('service_role')
    const problems = problemsWith({ VITE_SUPABASE_ANON_KEY: serviceKey })
    expect(problems).toEqual([
      `VITE_SUPABASE_ANON_KEY is not valid: expected ${EXPECTED.VITE_SUPABASE_ANON_KEY}`,
    ])
    expect(problems.join('\n')).not.toContain(serviceKey.slice(0, 20))
  })

  it('refuses secret keys, JWTs without a role and text that is no key', async () => {
    const noRole = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('secret'))
    for (const value of ['sb_secret_abc123', noRole, 'anon', 'a.b.c'])
      expect(problemsWith({ VITE_SUPABASE_ANON_KEY: value })[0]).toMatch(
        /^VITE_SUPABASE_ANON_KEY is not valid/,
      )
    expect(problemsWith({ VITE_SUPABASE_ANON_KEY: '' })[0]).toMatch(/is missing/)
  })

  it("takes Supabase's publishable keys", () => {
    const env = { ...committed, VITE_SUPABASE_ANON_KEY: 'sb_publishable_abc123' }
    expect(parseBuildConfig(env).supabase.anonKey).toBe('sb_publishable_abc123')
  })
})

describe('VITE_STRIPE_PUBLISHABLE_KEY', () => {
  it('refuses secret and restricted keys without printing them', () => {
    for (const value of ['sk_live_51Secret', 'rk_live_51Restricted', 'pk_', 'pk_prod_1']) {
      const problems = problemsWith({ VITE_STRIPE_PUBLISHABLE_KEY: value })
      expect(problems).toEqual([
        `VITE_STRIPE_PUBLISHABLE_KEY is not valid: expected ${EXPECTED.VITE_STRIPE_PUBLISHABLE_KEY}`,
      ])
      expect(problems[0]).not.toContain(`"${value}"`)
    }
  })

  it('is required, and takes live and test publishable keys', () => {
    expect(problemsWith({ VITE_STRIPE_PUBLISHABLE_KEY: undefined })[0]).toMatch(
      /^VITE_STRIPE_PUBLISHABLE_KEY is missing/,
    )
    const env = { ...committed, VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc' }
    expect(parseBuildConfig(env).stripe.publishableKey).toBe('pk_live_51Abc')
  })
})

describe('VITE_STRIPE_STAND_IN_URL', () => {
  it('is null when unset or empty (production loads js.stripe.com)', () => {
    const env = { ...committed, VITE_STRIPE_STAND_IN_URL: '' }
    expect(parseBuildConfig(env).stripe.standInUrl).toBeNull()
  })

  it('is the stand-in origin on this machine', () => {
    const env = { ...committed, VITE_STRIPE_STAND_IN_URL: 'http://127.0.0.1:12680/' }
    expect(parseBuildConfig(env).stripe.standInUrl).toBe('http://127.0.0.1:12680')
  })

  it('refuses a stand-in elsewhere over plain http, and text that is no URL', () => {
    expect(problemsWith({ VITE_STRIPE_STAND_IN_URL: 'http://stripe.evil.test' })).toEqual([
      `VITE_STRIPE_STAND_IN_URL is "http://stripe.evil.test": expected ${EXPECTED.VITE_STRIPE_STAND_IN_URL}`,
    ])
    expect(problemsWith({ VITE_STRIPE_STAND_IN_URL: '12111' })[0]).toMatch(/expected/)
  })

  // The stand-in serves the pages' Stripe.js: a host other than this machine would run its
  // code in every visitor's checkout, https or not.
  it.each(['https://stripe.evil.test', 'https://js.stripe.com', 'ftp://127.0.0.1:12111'])(
    'refuses %s, which is not this machine over http(s)',
    (value) => {
      expect(problemsWith({ VITE_STRIPE_STAND_IN_URL: value })).toEqual([
        `VITE_STRIPE_STAND_IN_URL is "${value}": expected ${EXPECTED.VITE_STRIPE_STAND_IN_URL}`,
      ])
    },
  )

  it.each(['https://localhost:12111', 'http://[::1]:12111'])('accepts %s', (value) => {
    const env = { ...committed, VITE_STRIPE_STAND_IN_URL: value }
    expect(parseBuildConfig(env).stripe.standInUrl).toBe(value)
  })
})

describe('several mistakes', () => {
  it('are all named at once, in one error', () => {
    const error = (() => {
      try {
        parseBuildConfig({ VITE_SITE_URL: 'nope' })
      } catch (caught) {
        return caught as Error
      }
    })()
    expect(error?.message).toMatch(/^The build's environment is not valid/)
    for (const name of [
      'VITE_SITE_URL is "nope"',
      'VITE_SUPABASE_URL is missing',
      'VITE_SUPABASE_ANON_KEY is missing',
      'VITE_STRIPE_PUBLISHABLE_KEY is missing',
    ])
      expect(error?.message).toContain(name)
  })
})
