import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildHeaderSet,
  headerFiles,
  inlineScriptHashes,
  type BuildOrigins,
} from '../../../scripts/build/securityHeaders.ts'
import { readBuild } from '../../../scripts/publish/buildFiles.ts'
import {
  assertNotDevelopmentBuild,
  readDevelopmentValues,
} from '../../../scripts/publish/productionCheck.ts'
import { siteFiles, writeSite, type SiteFiles } from './fixtureBuild.ts'

let workDir: string
let siteCount = 0
let developmentValues: Map<string, string>

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'folio-production-check-'))
  developmentValues = await readDevelopmentValues('.env')
})

afterAll(() => rm(workDir, { recursive: true, force: true }))

const page =
  '<!doctype html><script>document.title += ""</script><script type="module" src="/assets/app-AAAAAAAA.js"></script>'

/** A finished build whose header files were written for `origins`, as the build writes them. */
function builtWith(origins: BuildOrigins, stripeConfig: string): SiteFiles {
  const set = buildHeaderSet({ ...origins, scriptHashes: inlineScriptHashes(page) })
  return {
    ...siteFiles('b1', 'aaaa'),
    ...headerFiles(set),
    'index.html': page,
    'assets/app-AAAAAAAA.js': `var c=Object.freeze(${stripeConfig});`,
  }
}

async function check(files: SiteFiles): Promise<void> {
  const dir = await writeSite(join(workDir, `dist-${++siteCount}`), files)
  await assertNotDevelopmentBuild(await readBuild(dir), developmentValues)
}

const production = '{publishableKey:`pk_live_realkey123`,standInUrl:null}'

describe('the production check of the deploy', () => {
  it('lets a production build through', async () => {
    await expect(
      check(builtWith({ supabaseUrl: 'https://abcd.supabase.co' }, production)),
    ).resolves.toBeUndefined()
  })

  // Every visitor's checkout would load "Stripe.js" from 127.0.0.1, which the CSP allows.
  it('refuses a build made for the local Stripe stand-in', async () => {
    const standIn = builtWith(
      { supabaseUrl: 'https://abcd.supabase.co', stripeStandInUrl: 'http://127.0.0.1:12111' },
      '{publishableKey:`pk_live_realkey123`,standInUrl:`http://127.0.0.1:12111`}',
    )
    await expect(check(standIn)).rejects.toThrow(
      /^This build is for local development: the Content-Security-Policy in _headers allows http:\/\/127\.0\.0\.1:12111 \(script-src\), which is not encrypted\. .*without VITE_STRIPE_STAND_IN_URL, then deploy\.$/,
    )
  })

  it('refuses a build whose config names a stand-in, even if its headers do not', async () => {
    const standIn = builtWith(
      { supabaseUrl: 'https://abcd.supabase.co' },
      '{"publishableKey":"pk_live_realkey123","standInUrl":"https://127.0.0.1:12111"}',
    )
    await expect(check(standIn)).rejects.toThrow(
      'This build is for local development: assets/app-AAAAAAAA.js loads Stripe.js from the local Stripe stand-in (VITE_STRIPE_STAND_IN_URL)',
    )
  })

  it.each([
    ['a plain http backend', { supabaseUrl: 'http://db.example.com' }, 'http://db.example.com'],
    [
      'a loopback https backend',
      { supabaseUrl: 'https://localhost:8443' },
      'https://localhost:8443',
    ],
    ['a backend on [::1]', { supabaseUrl: 'https://[::1]:8443' }, 'https://[::1]:8443'],
  ])('refuses a build whose CSP allows %s', async (_name, origins, source) => {
    await expect(check(builtWith(origins, production))).rejects.toThrow(
      `the Content-Security-Policy in _headers allows ${source} (img-src)`,
    )
  })
})
