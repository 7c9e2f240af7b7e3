import { mkdtemp, mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findSecrets, scanForSecrets, secretValues } from '../../../scripts/build/secretScan.ts'

describe('secret scan of the client build', () => {
  it('takes the values of secret-looking variables, not public ones', () => {
    const values = secretValues({
      STRIPE_SECRET_KEY: 'a-very-secret-value-123',
      SUPABASE_SERVICE_ROLE_KEY: 'service-role-jwt-value',
      VITE_SUPABASE_ANON_KEY: 'public-anon-key-value',
      SHORT_SECRET: 'tiny',
    })
    expect(values).toEqual(['a-very-secret-value-123', 'service-role-jwt-value'])
  })

  it('finds env secrets and Stripe key shapes, and passes clean text', () => {
    expect(
      findSecrets('const k = "a-very-secret-value-123"', ['a-very-secret-value-123']),
    ).toHaveLength(1)
    expect(findSecrets('Stripe("sk_live_abcdefghijklmnop")', [])).toEqual([
      'something shaped like a secret key (sk_live_…)',
    ])
    expect(findSecrets('whsec_0123456789abcdef', [])).toHaveLength(1)
    expect(
      findSecrets('Stripe("pk_test_abcdefghijklmnop") // publishable keys are public', []),
    ).toEqual([])
  })

  it('names the file a secret was found in', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'folio-dist-'))
    await mkdir(join(dist, 'assets'))
    await writeFile(join(dist, 'assets', 'app-1.js'), 'fetch(x, { key: "leaked-service-key-000" })')
    await writeFile(join(dist, 'index.html'), '<p>nothing here</p>')
    await writeFile(join(dist, 'font.woff2'), 'leaked-service-key-000')
    expect(await scanForSecrets(dist, ['leaked-service-key-000'])).toEqual([
      { file: join('assets', 'app-1.js'), what: 'a secret from the build environment' },
    ])
  })
})
