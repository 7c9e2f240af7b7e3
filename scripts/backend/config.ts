import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface BackendOptions {
  /** 0 picks a free port (tests). */
  port: number
  host: string
  /** Where PGlite data, stored objects and the mailbox file live. */
  dataDir: string
  /** PGlite in memory and no files at all (tests). */
  memory: boolean
  reset: boolean
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

export const LOCAL_JWT_SECRET = 'folio-local-development-secret-at-least-32-characters'

export function defaultOptions(): BackendOptions {
  return {
    port: 54321,
    host: '127.0.0.1',
    dataDir: path.join(repoRoot, '.folio-data'),
    memory: false,
    reset: false,
    databaseUrl: process.env.DATABASE_URL || undefined,
    jwtSecret: process.env.FOLIO_JWT_SECRET || LOCAL_JWT_SECRET,
    jwtExpiry: 3600,
    autoConfirm: process.env.FOLIO_AUTH_AUTOCONFIRM === 'true',
    siteUrl: process.env.FOLIO_SITE_URL || 'http://localhost:5173',
    additionalRedirectUrls: ['http://localhost:*', 'http://127.0.0.1:*'],
    refreshTokenReuseInterval: 10,
    otpExpiry: 3600,
    migrationsDir: path.join(repoRoot, 'supabase/migrations'),
    seedFile: path.join(repoRoot, 'supabase/seed.sql'),
    functionsDir: path.join(repoRoot, 'supabase/functions'),
    envFile: path.join(repoRoot, '.env.local'),
    mailboxFile: undefined,
    log: (line) => console.log(line),
  }
}
