import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { readEnvFile } from '../../../scripts/config/envFiles.ts'
import { defaultOptions } from '../../../scripts/local/supabase/config.ts'
import { LOCAL_JWT_SECRET, devApiKey } from '../../../scripts/local/supabase/devKeys.ts'
import { Keys } from '../../../scripts/local/supabase/keys.ts'

/** The committed .env is what the site is built with for development and the tests. */
function committedEnv(): Record<string, string> {
  return readEnvFile(fileURLToPath(new URL('../../../.env', import.meta.url)))
}

describe('.env defaults', () => {
  it('point the site at the local backend with the anon key it issues', async () => {
    const env = committedEnv()
    const { host, port } = defaultOptions()
    expect(env.VITE_SUPABASE_URL).toBe(`http://${host}:${port}`)
    const keys = new Keys(LOCAL_JWT_SECRET, () => '')
    expect(env.VITE_SUPABASE_ANON_KEY).toBe(await keys.apiKey('anon'))
  })

  it('are the keys devKeys.ts gives the build, so its secret scan knows the service key', async () => {
    const keys = new Keys(LOCAL_JWT_SECRET, () => '')
    expect(await devApiKey('anon')).toBe(await keys.apiKey('anon'))
    expect(await devApiKey('service_role')).toBe(await keys.apiKey('service_role'))
  })

  it('hold no service-role key: the site bundles every VITE_ variable', async () => {
    const env = committedEnv()
    const serviceKey = await new Keys(LOCAL_JWT_SECRET, () => '').apiKey('service_role')
    expect(Object.values(env)).not.toContain(serviceKey)
    expect(Object.keys(env).every((name) => name.startsWith('VITE_'))).toBe(true)
  })
})
