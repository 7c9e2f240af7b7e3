/**
 * The config plugin is what makes a wrong value stop the build: its `config` hook runs before
 * Vite bundles anything, and what it defines is what src/config/index.ts reads.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConfigEnv, UserConfig } from 'vite'
import { configDefines, folioConfigPlugin } from '../../../scripts/vite/configPlugin.ts'
import { siteConfig, stripeConfig, supabaseConfig } from '../../../src/config/index.ts'

let root: string
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'folio-config-'))
  // Only the files written below: nothing from the shell running the tests.
  for (const name of Object.keys(process.env))
    if (name.startsWith('VITE_')) vi.stubEnv(name, undefined)
})
afterEach(async () => {
  vi.unstubAllEnvs()
  await rm(root, { recursive: true, force: true })
})

function runConfigHook(mode: string) {
  const hook = folioConfigPlugin().config as (config: UserConfig, env: ConfigEnv) => UserConfig
  return hook({ root }, { mode, command: 'build' })
}

describe('the config plugin', () => {
  it('stops the build naming the variable when .env lacks one', async () => {
    await writeFile(path.join(root, '.env'), 'VITE_SUPABASE_URL=https://ref.supabase.co\n')
    expect(() => runConfigHook('missing-keys')).toThrow(/VITE_SUPABASE_ANON_KEY is missing/)
  })

  it('lets the environment override .env, as a production build does', async () => {
    await writeFile(path.join(root, '.env'), 'VITE_SUPABASE_URL=http://db.example.com\n')
    expect(() => runConfigHook('http-url')).toThrow(
      /VITE_SUPABASE_URL is "http:\/\/db\.example\.com"/,
    )
    vi.stubEnv('VITE_SUPABASE_URL', 'https://ref.supabase.co')
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'sb_publishable_abc')
    vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', 'pk_live_abc')
    const { define } = runConfigHook('overridden')
    expect(JSON.parse(define!.__FOLIO_SUPABASE_CONFIG__ as string)).toEqual({
      url: 'https://ref.supabase.co',
      anonKey: 'sb_publishable_abc',
    })
  })

  it('defines one literal per concern', () => {
    const defines = configDefines({
      site: { url: 'https://folio.example' },
      supabase: { url: 'https://ref.supabase.co', anonKey: 'sb_publishable_abc' },
      stripe: { publishableKey: 'pk_live_abc', standInUrl: null },
    })
    expect(Object.keys(defines)).toEqual([
      '__FOLIO_SITE_CONFIG__',
      '__FOLIO_SUPABASE_CONFIG__',
      '__FOLIO_STRIPE_CONFIG__',
      '__FOLIO_STRIPE_STAND_IN__',
    ])
    expect(JSON.parse(defines.__FOLIO_STRIPE_CONFIG__!)).toEqual({
      publishableKey: 'pk_live_abc',
      standInUrl: null,
    })
    // Its own literal, so the bundler can fold a build without the stand-in to null.
    expect(defines.__FOLIO_STRIPE_STAND_IN__).toBe('null')
  })
})

describe('src/config', () => {
  it('gives the app frozen, checked values', () => {
    expect(Object.isFrozen(siteConfig)).toBe(true)
    expect(Object.isFrozen(supabaseConfig)).toBe(true)
    expect(Object.isFrozen(stripeConfig)).toBe(true)
    expect(supabaseConfig.url).toMatch(/^https?:\/\//)
    expect(stripeConfig.publishableKey).toMatch(/^pk_/)
  })
})
