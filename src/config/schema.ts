/**
 * The build's environment, checked once by the Vite config (scripts/vite/configPlugin.ts)
 * before anything is bundled: a wrong or missing value stops the build naming the variable and
 * what was expected, instead of shipping a site that fails in a visitor's browser. Build-time
 * only: the browser gets the checked values (src/config/index.ts), never this file or valibot.
 */
import * as v from 'valibot'

export const DEFAULT_SITE_URL = 'https://folio.example'

/** Hosts where plain http is acceptable: this machine (the local stand-ins). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

function parseUrl(value: string): URL | null {
  try {
    return new URL(value)
  } catch {
    return null
  }
}

function isWebUrl(value: string): boolean {
  const url = parseUrl(value)
  return Boolean(url && (url.protocol === 'https:' || url.protocol === 'http:'))
}

/**
 * http(s) to this machine only. The stand-in takes the place of Stripe.js in the pages and the
 * CSP: anywhere else, whoever runs that host would run code in every visitor's checkout.
 */
function isLoopbackUrl(value: string): boolean {
  const url = parseUrl(value)
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return false
  return LOOPBACK_HOSTS.has(url.hostname)
}

/** https, or http to this machine: tokens and keys never cross a network in clear text. */
function isSecureOrLoopbackUrl(value: string): boolean {
  return parseUrl(value)?.protocol === 'https:' || isLoopbackUrl(value)
}

/** The `role` claim of a JWT, or undefined when the value is not one. */
function jwtRole(value: string): unknown {
  const parts = value.split('.')
  if (parts.length !== 3) return undefined
  try {
    const base64 = parts[1]!.replace(/-/g, '+').replace(/_/g, '/')
    return (JSON.parse(atob(base64)) as { role?: unknown }).role
  } catch {
    return undefined
  }
}

/**
 * The anon key is bundled into every signed-in page, so it must be the public one: a JWT whose
 * role is `anon`, or one of Supabase's newer publishable keys. A service_role key here would
 * hand every visitor a key that bypasses row-level security.
 */
function isPublicSupabaseKey(value: string): boolean {
  return value.startsWith('sb_publishable_') || jwtRole(value) === 'anon'
}

const withoutTrailingSlashes = (value: string) => value.replace(/\/+$/, '')

/** What each variable must be, said the way the build error says it. */
export const EXPECTED = {
  VITE_SITE_URL: `an absolute http(s) URL such as ${DEFAULT_SITE_URL} (or unset for that default)`,
  VITE_SUPABASE_URL:
    'the Supabase project URL: https://<ref>.supabase.co, or http://127.0.0.1:<port> for the local stand-in',
  VITE_SUPABASE_ANON_KEY:
    "the project's anon (public) key: a JWT whose role is anon, or an sb_publishable_… key; never the service_role key",
  VITE_STRIPE_PUBLISHABLE_KEY:
    'a Stripe publishable key, pk_test_… or pk_live_… (never a secret sk_… or restricted rk_… key)',
  VITE_STRIPE_STAND_IN_URL:
    'the local Stripe stand-in, http://127.0.0.1:<port>, or unset to use Stripe (production)',
} as const

type Variable = keyof typeof EXPECTED

/** Variables whose value is a key: the error names them but never prints what was given. */
const KEY_VARIABLES = new Set<Variable>(['VITE_SUPABASE_ANON_KEY', 'VITE_STRIPE_PUBLISHABLE_KEY'])

/** An unset variable and an empty one (`VAR=` in .env) mean the same: not given. */
const optionalText = v.pipe(
  v.optional(v.string(), ''),
  v.transform((value) => value.trim()),
)

const requiredText = (name: Variable) =>
  v.pipe(v.string(EXPECTED[name]), v.trim(), v.nonEmpty(EXPECTED[name]))

export const buildEnvSchema = v.object({
  VITE_SITE_URL: v.pipe(
    optionalText,
    v.transform((value) => value || DEFAULT_SITE_URL),
    v.check(isWebUrl, EXPECTED.VITE_SITE_URL),
    v.transform(withoutTrailingSlashes),
  ),
  VITE_SUPABASE_URL: v.pipe(
    requiredText('VITE_SUPABASE_URL'),
    v.check(isSecureOrLoopbackUrl, EXPECTED.VITE_SUPABASE_URL),
    v.transform(withoutTrailingSlashes),
  ),
  VITE_SUPABASE_ANON_KEY: v.pipe(
    requiredText('VITE_SUPABASE_ANON_KEY'),
    v.check(isPublicSupabaseKey, EXPECTED.VITE_SUPABASE_ANON_KEY),
  ),
  VITE_STRIPE_PUBLISHABLE_KEY: v.pipe(
    requiredText('VITE_STRIPE_PUBLISHABLE_KEY'),
    v.regex(/^pk_(test|live)_\w+$/, EXPECTED.VITE_STRIPE_PUBLISHABLE_KEY),
  ),
  VITE_STRIPE_STAND_IN_URL: v.pipe(
    optionalText,
    v.check((value) => value === '' || isLoopbackUrl(value), EXPECTED.VITE_STRIPE_STAND_IN_URL),
    v.transform((value) => (value ? new URL(value).origin : null)),
  ),
})

/** The values the app reads, by concern (src/config/index.ts exports each one frozen). */
export interface SiteConfig {
  /** Origin for canonical and OpenGraph URLs, feeds and the sitemap; no trailing slash. */
  url: string
}
export interface SupabaseConfig {
  url: string
  anonKey: string
}
export interface StripeConfig {
  publishableKey: string
  /** The local Stripe stand-in's origin in builds made for it (`npm start`, e2e); else null. */
  standInUrl: string | null
}
export interface BuildConfig {
  site: SiteConfig
  supabase: SupabaseConfig
  stripe: StripeConfig
}

export class BuildConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The build's environment is not valid (set these in the environment, or in .env for local builds):\n` +
        problems.map((problem) => `  - ${problem}`).join('\n'),
    )
    this.name = 'BuildConfigError'
  }
}

function describeIssue(issue: v.BaseIssue<unknown>, env: Record<string, string | undefined>) {
  const name = issue.path?.[0]?.key as Variable
  const given = env[name]?.trim()
  if (!given) return `${name} is missing: expected ${EXPECTED[name]}`
  const shown = KEY_VARIABLES.has(name) ? 'is not valid' : `is "${given}"`
  return `${name} ${shown}: expected ${EXPECTED[name]}`
}

/** Checks the environment the build sees (Vite's loadEnv: process.env over .env files). */
export function parseBuildConfig(env: Record<string, string | undefined>): BuildConfig {
  const result = v.safeParse(buildEnvSchema, env, { abortPipeEarly: true })
  if (!result.success) {
    const problems = [...new Set(result.issues.map((issue) => describeIssue(issue, env)))]
    throw new BuildConfigError(problems)
  }
  const values = result.output
  return {
    site: { url: values.VITE_SITE_URL },
    supabase: { url: values.VITE_SUPABASE_URL, anonKey: values.VITE_SUPABASE_ANON_KEY },
    stripe: {
      publishableKey: values.VITE_STRIPE_PUBLISHABLE_KEY,
      standInUrl: values.VITE_STRIPE_STAND_IN_URL,
    },
  }
}
