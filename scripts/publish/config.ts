/**
 * Settings of `npm run deploy`: the storage target from the environment (validated once, naming
 * every missing variable at the same time) and the command-line flags.
 */

export interface StorageTarget {
  bucket: string
  endpoint: string
  region: string
  /** Key prefix inside the bucket, '' or ending with '/'. */
  prefix: string
  forcePathStyle: boolean
  accessKeyId: string
  secretAccessKey: string
  sessionToken?: string
}

export interface DeployFlags {
  distDir: string
  dryRun: boolean
  /** Upload every file even when the stored copy has the same content (e.g. new headers). */
  force: boolean
  graceDays: number
  concurrency: number
  help: boolean
}

/** The variables the deploy reads, with what each one is for (also printed by `--help`). */
export const REQUIRED_VARIABLES = {
  FOLIO_S3_BUCKET: 'bucket that serves the site',
  FOLIO_S3_ENDPOINT: 'S3 API endpoint, e.g. https://s3.eu-west-1.amazonaws.com',
  FOLIO_S3_REGION: "bucket region ('auto' for Cloudflare R2)",
  AWS_ACCESS_KEY_ID: 'access key allowed to list, get, put and delete objects in the bucket',
  AWS_SECRET_ACCESS_KEY: 'secret of that access key',
} as const

export const OPTIONAL_VARIABLES = {
  FOLIO_S3_PREFIX: "key prefix inside the bucket (default: the bucket's root)",
  FOLIO_S3_FORCE_PATH_STYLE: "'true' for servers that need path-style URLs (MinIO, s3rver)",
  AWS_SESSION_TOKEN: 'session token, when the key is temporary',
  FOLIO_DEPLOY_GRACE_DAYS: 'days a file of an older build stays after it was replaced (7)',
} as const

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const DEFAULT_GRACE_DAYS = 7
const DEFAULT_CONCURRENCY = 8

type Env = Record<string, string | undefined>

export function readStorageTarget(env: Env): StorageTarget {
  const missing = Object.keys(REQUIRED_VARIABLES).filter((name) => !env[name]?.trim())
  if (missing.length > 0) {
    const lines = missing.map(
      (name) => `  ${name}: ${REQUIRED_VARIABLES[name as keyof typeof REQUIRED_VARIABLES]}`,
    )
    throw new ConfigError(
      `Cannot deploy: ${missing.length === 1 ? 'this environment variable is' : 'these environment variables are'} not set:\n${lines.join('\n')}\n` +
        'Set them in the shell or as CI secrets (see "Deploying" in README.md).',
    )
  }
  const endpoint = env.FOLIO_S3_ENDPOINT!.trim()
  if (!/^https?:\/\/[^/]/.test(endpoint)) {
    throw new ConfigError(
      `FOLIO_S3_ENDPOINT must be an http(s) URL such as https://s3.eu-west-1.amazonaws.com, got "${endpoint}".`,
    )
  }
  const prefix = (env.FOLIO_S3_PREFIX ?? '').trim().replace(/^\/+/, '').replace(/\/*$/, '')
  return {
    bucket: env.FOLIO_S3_BUCKET!.trim(),
    endpoint,
    region: env.FOLIO_S3_REGION!.trim(),
    prefix: prefix ? `${prefix}/` : '',
    forcePathStyle: env.FOLIO_S3_FORCE_PATH_STYLE?.trim().toLowerCase() === 'true',
    accessKeyId: env.AWS_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY!.trim(),
    sessionToken: env.AWS_SESSION_TOKEN?.trim() || undefined,
  }
}

function nonNegativeNumber(raw: string, what: string): number {
  const value = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(value) || value < 0) {
    throw new ConfigError(`${what} must be a number of 0 or more, got "${raw}".`)
  }
  return value
}

export function parseDeployFlags(argv: readonly string[], env: Env): DeployFlags {
  const flags: DeployFlags = {
    distDir: 'dist',
    dryRun: false,
    force: false,
    graceDays: env.FOLIO_DEPLOY_GRACE_DAYS
      ? nonNegativeNumber(env.FOLIO_DEPLOY_GRACE_DAYS, 'FOLIO_DEPLOY_GRACE_DAYS')
      : DEFAULT_GRACE_DAYS,
    concurrency: DEFAULT_CONCURRENCY,
    help: false,
  }
  for (let index = 0; index < argv.length; index++) {
    const [name, inlineValue] = argv[index]!.split(/=(.*)/s, 2) as [string, string | undefined]
    const value = () => {
      const next = inlineValue ?? argv[++index]
      if (next === undefined) throw new ConfigError(`${name} needs a value.`)
      return next
    }
    if (name === '--dry-run') flags.dryRun = true
    else if (name === '--force') flags.force = true
    else if (name === '--help' || name === '-h') flags.help = true
    else if (name === '--dist') flags.distDir = value()
    else if (name === '--grace-days') flags.graceDays = nonNegativeNumber(value(), '--grace-days')
    else if (name === '--concurrency') {
      flags.concurrency = Math.max(1, Math.floor(nonNegativeNumber(value(), '--concurrency')))
    } else
      throw new ConfigError(`Unknown option "${argv[index]}". Run with --help for the options.`)
  }
  return flags
}

export const USAGE = `Usage: npm run deploy -- [options]

Uploads dist/ to S3-compatible object storage: hashed assets, then payloads and pages, then
builds/meta/{id}.json, and builds/latest.json last. Only files whose content changed are sent.

Options:
  --dry-run           print the plan (per phase: files and bytes) and change nothing
  --force             upload every file, even unchanged ones (after changing headers)
  --grace-days <n>    keep files of replaced builds for n days (default ${DEFAULT_GRACE_DAYS})
  --concurrency <n>   parallel uploads (default ${DEFAULT_CONCURRENCY})
  --dist <dir>        build output to publish (default dist)

Environment:
${Object.entries(REQUIRED_VARIABLES)
  .map(([name, what]) => `  ${name.padEnd(26)}${what}`)
  .join('\n')}
${Object.entries(OPTIONAL_VARIABLES)
  .map(([name, what]) => `  ${name.padEnd(26)}${what} (optional)`)
  .join('\n')}
`
