import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { LOCAL_JWT_SECRET } from './devKeys.ts'
import { readSupabaseConfig } from './supabaseConfig.ts'
import type { HostedSettings } from './supabaseConfig.ts'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export interface BackendOptions {
  /** 0 picks a free port (tests). */
  port: number
  host: string
  /** Where PGlite data, stored objects and the mailbox file live. */
  dataDir: string
  /** PGlite in memory and no files at all (tests). */
  memory: boolean
  /**
   * With `memory`: a tarball of an initialised, empty PGlite cluster to start from, skipping
   * initdb (the backend suite writes one before its files start their backends).
   */
  emptyCluster?: string
  reset: boolean
  /** The hosted project's settings file (supabase/config.toml) the defaults below come from. */
  configFile: string
  /** What that file declares: password rules, MFA, rate limits, bucket limits. */
  hosted: HostedSettings
  /**
   * Browser origins that may call the backend (CORS) and open its mailbox and admin routes:
   * the site's, the loopback spelling of it, and FOLIO_ALLOWED_ORIGINS (comma-separated).
   */
  allowedOrigins: string[]
  /** Use this PostgreSQL server instead of PGlite. */
  databaseUrl?: string
  /** HS256 secret for every JWT (local only: never a production secret). */
  jwtSecret: string
  /** Access token lifetime in seconds. */
  jwtExpiry: number
  /** Skip email confirmation on signup. */
  autoConfirm: boolean
  /** Where email links send the user by default, and the origin redirect_to must match. */
  siteUrl: string
  /** Extra allowed redirect_to prefixes; `*` matches any port or path segment. */
  additionalRedirectUrls: string[]
  /** Seconds in which a just-rotated refresh token may be used again (GoTrue: 10). */
  refreshTokenReuseInterval: number
  /** Lifetime of email links and codes, in seconds. */
  otpExpiry: number
  migrationsDir: string
  seedFile: string
  functionsDir: string
  /** Write VITE_SUPABASE_* to this file on start; undefined to skip. */
  envFile?: string
  /** Mirror of the mailbox as JSON lines; undefined keeps mail in memory only. */
  mailboxFile?: string
  log: (line: string) => void
}

export const DEFAULT_CONFIG_FILE = path.join(repoRoot, 'supabase/config.toml')

/** http://localhost:5173 also allows http://127.0.0.1:5173 and [::1]: the same site on this machine. */
function loopbackAliases(origin: string): string[] {
  const url = new URL(origin)
  if (!['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return [url.origin]
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => {
    const alias = new URL(url.origin)
    alias.hostname = host
    return alias.origin
  })
}

/** The site's origin(s) plus any listed in FOLIO_ALLOWED_ORIGINS. */
export function allowedOriginsFor(
  siteUrl: string,
  extra = process.env.FOLIO_ALLOWED_ORIGINS,
): string[] {
  const listed = (extra ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => new URL(origin).origin)
  return [...new Set([...loopbackAliases(siteUrl), ...listed])]
}

/**
 * Defaults come from supabase/config.toml; the environment adds what only this machine knows
 * (where the site runs, FOLIO_SITE_URL; sign-ups without confirmation for quick local trials).
 */
export function defaultOptions(configFile = DEFAULT_CONFIG_FILE): BackendOptions {
  const siteUrl = process.env.FOLIO_SITE_URL || process.env.SITE_URL || 'http://localhost:5173'
  // config.toml says site_url = "env(SITE_URL)": production's value in CI, this site locally.
  const hosted = readSupabaseConfig(configFile, { ...process.env, SITE_URL: siteUrl })
  return {
    port: 54321,
    host: '127.0.0.1',
    dataDir: path.join(repoRoot, '.folio-data'),
    memory: false,
    reset: false,
    databaseUrl: process.env.DATABASE_URL || undefined,
    jwtSecret: process.env.FOLIO_JWT_SECRET || LOCAL_JWT_SECRET,
    configFile,
    hosted,
    allowedOrigins: allowedOriginsFor(hosted.auth.siteUrl),
    jwtExpiry: hosted.auth.jwtExpiry,
    autoConfirm:
      process.env.FOLIO_AUTH_AUTOCONFIRM === 'true' || !hosted.auth.email.enableConfirmations,
    siteUrl: hosted.auth.siteUrl,
    additionalRedirectUrls: hosted.auth.additionalRedirectUrls,
    refreshTokenReuseInterval: hosted.auth.refreshTokenReuseInterval,
    otpExpiry: hosted.auth.email.otpExpiry,
    migrationsDir: path.join(repoRoot, 'supabase/migrations'),
    seedFile: path.join(repoRoot, 'supabase/seed.sql'),
    functionsDir: path.join(repoRoot, 'supabase/functions'),
    envFile: path.join(repoRoot, '.env.local'),
    mailboxFile: undefined,
    log: (line) => console.log(line),
  }
}
