/**
 * Refuses to publish a build made for local development. The committed `.env` points the site
 * at the local backend and the Stripe stand-in, and `npm test` builds with it, so a deploy
 * that forgets the production rebuild would ship a site talking to 127.0.0.1. A build made
 * with VITE_STRIPE_STAND_IN_URL still set (`npm start` and the end-to-end runs set it) is
 * refused too: every visitor's checkout would load "Stripe.js" from their own machine, and the
 * build's Content-Security-Policy allows it.
 */
import { readFile } from 'node:fs/promises'
import { PAGES_HEADERS } from '../build/securityHeaders.ts'
import { readEnvFile } from '../config/envFiles.ts'
import type { Build, BuildFile } from './buildFiles.ts'
import { BuildError } from './buildFiles.ts'

/** Hosts that are the visitor's own machine, wherever the site is opened. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\])$/i

// The Stripe config literal the build inlines (src/config/index.ts): `standInUrl:null` in a
// production build, a string in one made for the stand-in.
const STAND_IN_CONFIG = /["']?\bstandInUrl["']?\s*:\s*["'`]/

const REBUILD =
  'Rebuild with the production VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY and VITE_STRIPE_PUBLISHABLE_KEY in the environment and without VITE_STRIPE_STAND_IN_URL, then deploy.'

/** The `VITE_*` values of a dotenv file (the development defaults), or none without the file. */
export async function readDevelopmentValues(envFile: string): Promise<Map<string, string>> {
  const values = new Map<string, string>()
  for (const [name, value] of Object.entries(readEnvFile(envFile))) {
    // Short values ('true', '1') would match by accident; URLs and keys are long.
    if (name.startsWith('VITE_') && value.length >= 12) values.set(name, value)
  }
  return values
}

/** Why a CSP source must not be in a published build, or null when it may. */
function localSourceProblem(source: string): string | null {
  // Plain http or ws: anyone on the visitor's network could read or change what is loaded.
  if (/^(http|ws):/i.test(source)) return 'which is not encrypted'
  let url: URL
  try {
    url = new URL(source)
  } catch {
    return null // a keyword ('self'), a hash or a scheme source (data:, blob:)
  }
  return LOOPBACK_HOST.test(url.hostname) ? "which is each visitor's own machine" : null
}

/** Throws when the Content-Security-Policy of `_headers` allows a local or unencrypted origin. */
async function assertPublicOrigins(file: BuildFile): Promise<void> {
  const text = await readFile(file.absolutePath, 'utf8')
  for (const [, policy = ''] of text.matchAll(/^\s*Content-Security-Policy:\s*(.*)$/gim)) {
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().split(/\s+/)
      for (const source of sources) {
        const problem = localSourceProblem(source)
        if (!problem) continue
        throw new BuildError(
          `This build is for local development: the Content-Security-Policy in ${file.path} allows ${source} (${name}), ${problem}. ${REBUILD}`,
        )
      }
    }
  }
}

/** Throws when a script of the build contains one of the development values. */
export async function assertNotDevelopmentBuild(
  build: Build,
  developmentValues: ReadonlyMap<string, string>,
): Promise<void> {
  for (const file of build.files) {
    if (file.path === PAGES_HEADERS) await assertPublicOrigins(file)
    if (!file.path.endsWith('.js')) continue
    const text = await readFile(file.absolutePath, 'utf8')
    for (const [name, value] of developmentValues) {
      if (!text.includes(value)) continue
      throw new BuildError(
        `This build is for local development: ${file.path} contains ${name} from .env (${value.slice(0, 40)}). ${REBUILD}`,
      )
    }
    if (STAND_IN_CONFIG.test(text)) {
      throw new BuildError(
        `This build is for local development: ${file.path} loads Stripe.js from the local Stripe stand-in (VITE_STRIPE_STAND_IN_URL), so every visitor's checkout would fail. ${REBUILD}`,
      )
    }
  }
}
