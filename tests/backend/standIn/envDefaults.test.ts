import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LOCAL_JWT_SECRET, defaultOptions } from '../../../scripts/backend/config.ts'
import { Keys } from '../../../scripts/backend/keys.ts'

/** The committed .env is what the site is built with for development and the tests. */
function committedEnv(): Record<string, string> {
  const entries = readFileSync(new URL('../../../.env', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => line.split(/=(.*)/s, 2) as [string, string])
  return Object.fromEntries(entries)
}

describe('.env defaults', () => {
  it('point the site at the local backend with the anon key it issues', async () => {
    const env = committedEnv()
    const { host, port } = defaultOptions()
    expect(env.VITE_SUPABASE_URL).toBe(`http://${host}:${port}`)
    const keys = new Keys(LOCAL_JWT_SECRET, () => '')
    expect(env.VITE_SUPABASE_ANON_KEY).toBe(await keys.apiKey('anon'))
  })

  it('hold no service-role key: the site bundles every VITE_ variable', async () => {
    const env = committedEnv()
    const serviceKey = await new Keys(LOCAL_JWT_SECRET, () => '').apiKey('service_role')
    expect(Object.values(env)).not.toContain(serviceKey)
    expect(Object.keys(env).every((name) => name.startsWith('VITE_'))).toBe(true)
  })
})
