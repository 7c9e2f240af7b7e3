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
    expect(await scanForSecrets(dist, ['leaked-service-key-000'])).toEqual([
      { file: join('assets', 'app-1.js'), what: 'a secret from the build environment' },
    ])
  })

  // A key can ride along in any file the site serves: an SVG's metadata, a web manifest, a
  // source map, a file type nobody listed yet.
  it.each([
    'logo.svg',
    'site.webmanifest',
    'assets/app-1.js.map',
    'notes.md',
    'icon.ico',
    'x.unknown',
  ])('scans %s', async (name) => {
    const dist = await mkdtemp(join(tmpdir(), 'folio-dist-'))
    await mkdir(join(dist, 'assets'))
    await writeFile(join(dist, name), `<svg><desc>sb_secret_${'N'.repeat(32)}</desc></svg>`)
    const findings = await scanForSecrets(dist, [])
    expect(findings.map((finding) => finding.file)).toEqual([join(name)])
  })
})

function base64url(value: string): string {
  return Buffer.from(value).toString('base64url')
}

function jwt(payload: Record<string, unknown>): string {
  return `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(JSON.stringify(payload))}.${base64url('signature-bytes-0123456789')}`
}

describe('JWT-shaped strings', () => {
  it('lets an anon key through: it is public by design', () => {
    expect(
      findSecrets(`createClient(url, "${jwt({ role: 'anon', iss: 'supabase' })}")`, []),
    ).toEqual([])
  })

  it.each([
    ['a service role key', { role: 'service_role', iss: 'supabase' }, 'service_role'],
    ["a signed-in user's token", { role: 'authenticated', sub: 'u1' }, 'authenticated'],
    ['a token with no role', { iss: 'someone' }, 'none'],
  ])('refuses %s', (_name, payload, role) => {
    expect(findSecrets(`const key = '${jwt(payload)}'`, [])).toEqual([
      `a JWT whose role is ${role}, not anon`,
    ])
  })

  it('refuses a JWT-shaped string it cannot read, rather than assume it is harmless', () => {
    const unreadable = `eyJhbGciOiJIUzI1NiJ9.eyJ${'%'.repeat(0)}not-json-at-all_x.c2ln`
    expect(findSecrets(unreadable, [])).toEqual(['a JWT-shaped string that does not decode'])
  })

  it('checks every JWT in a file, not only the first', () => {
    const text = `${jwt({ role: 'anon' })} and later ${jwt({ role: 'service_role' })}`
    expect(findSecrets(text, [])).toEqual(['a JWT whose role is service_role, not anon'])
  })
})

describe('key shapes', () => {
  it.each([
    `sb_secret_${'a1B2'.repeat(8)}`,
    'sk_live_51H8abcdefghijKLMNOP',
    'sk_test_51H8abcdefghijKLMNOP',
    'rk_live_51H8abcdefghijKLMNOP',
    'rk_test_51H8abcdefghijKLMNOP',
    'whsec_0123456789abcdef',
    // The deploy's credentials: SUPABASE_ACCESS_TOKEN, AWS_ACCESS_KEY_ID, and GitHub's tokens.
    `sbp_${'0123456789abcdef'.repeat(2)}01234567`,
    'AKIAIOSFODNN7EXAMPLE',
    'ASIAIOSFODNN7EXAMPLE',
    `ghp_${'a1B2'.repeat(9)}`,
    `github_pat_11ABCDEFG0${'a1B2_'.repeat(6)}`,
  ])('refuses %s', (key) => {
    expect(findSecrets(`var k="${key}"`, [])).toHaveLength(1)
  })

  it.each([
    `sb_publishable_${'a1B2'.repeat(8)}`,
    'pk_live_51H8abcdefghijKLMNOP',
    'pk_test_folio_local_stand_in',
  ])('lets the public key %s through', (key) => {
    expect(findSecrets(`var k="${key}"`, [])).toEqual([])
  })
})
