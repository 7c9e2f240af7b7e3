/**
 * The hosted project's settings, read from `supabase/config.toml` (the Supabase CLI's format,
 * pushed to the hosted project with `supabase config push`). The local backend takes its Auth
 * and Storage behaviour from here instead of constants of its own, so what is tested locally is
 * what production is configured to do.
 *
 * Key names and defaults follow the CLI's template (supabase/cli pkg/config/templates/config.toml);
 * a value written "env(NAME)" is read from the environment, as the CLI does.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'smol-toml'

export type PasswordRequirements =
  '' | 'letters_digits' | 'lower_upper_letters_digits' | 'lower_upper_letters_digits_symbols'

export interface BucketSettings {
  public: boolean
  /** Bytes; undefined leaves the bucket row's own limit. */
  fileSizeLimit?: number
  allowedMimeTypes?: string[]
}

/** The emails Folio's Auth sends, by their config.toml template names. */
export const EMAIL_TEMPLATE_NAMES = [
  'confirmation',
  'magic_link',
  'recovery',
  'email_change',
] as const
export type EmailTemplateName = (typeof EMAIL_TEMPLATE_NAMES)[number]

/** The notices GoTrue can send after an account change, by their config.toml names. */
export const EMAIL_NOTIFICATION_NAMES = ['password_changed', 'mfa_factor_enrolled'] as const
export type EmailNotificationName = (typeof EMAIL_NOTIFICATION_NAMES)[number]

/** A configured email: its subject and, when content_path names one, its HTML. */
export interface EmailContent {
  subject?: string
  html?: string
}

export interface HostedSettings {
  api: {
    /** The most rows one Data API read returns (PostgREST's db-max-rows). */
    maxRows: number
  }
  auth: {
    siteUrl: string
    additionalRedirectUrls: string[]
    jwtExpiry: number
    refreshTokenReuseInterval: number
    enableSignup: boolean
    minimumPasswordLength: number
    passwordRequirements: PasswordRequirements
    /**
     * Leaked password protection (HaveIBeenPwned). Not a config.toml key: the CLI's [auth] has
     * none, so it lives in supabase/auth-management.json (see readAuthManagementSettings).
     */
    passwordHibpEnabled: boolean
    email: {
      enableSignup: boolean
      enableConfirmations: boolean
      /**
       * An email change needs a link or code from the current address as well as the new one
       * (GoTrue's MAILER_SECURE_EMAIL_CHANGE_ENABLED; hosted's default is on).
       */
      doubleConfirmChanges: boolean
      /** Seconds before another confirmation or reset email may be sent to the same user. */
      maxFrequency: number
      otpLength: number
      otpExpiry: number
      /**
       * `[auth.email.smtp] enabled`: the project sends through its own SMTP server. Without it,
       * hosted's own mail service sends only to the project's team, 2 emails an hour.
       */
      smtpEnabled: boolean
      /** `[auth.email.template.<name>]`, read from their content_path. */
      templates: Partial<Record<EmailTemplateName, EmailContent>>
      /** `[auth.email.notification.<name>]` that are enabled, read from their content_path. */
      notifications: Partial<Record<EmailNotificationName, EmailContent>>
    }
    rateLimit: {
      /** Per hour. */
      emailSent: number
      /** Per 5 minutes and client address. */
      tokenRefresh: number
      /** Per 5 minutes and client address. */
      signInSignUps: number
      /** Per 5 minutes and client address: email OTP and link verifications. */
      tokenVerifications: number
    }
    mfa: {
      maxEnrolledFactors: number
      totp: { enrollEnabled: boolean; verifyEnabled: boolean }
    }
  }
  storage: {
    /** Bytes: the project-wide upload limit. */
    fileSizeLimit: number
    buckets: Record<string, BucketSettings>
  }
}

const PASSWORD_REQUIREMENTS: PasswordRequirements[] = [
  '',
  'letters_digits',
  'lower_upper_letters_digits',
  'lower_upper_letters_digits_symbols',
]

export class ConfigError extends Error {}

type Table = Record<string, unknown>

function table(parent: Table, key: string): Table {
  const value = parent[key]
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Table)
    : {}
}

/**
 * "env(NAME)" → process.env.NAME, as the CLI substitutes whole string values. An unset
 * variable gives undefined, so the caller's default applies (the local backend runs without
 * the production variables).
 */
function resolveEnv(value: string, env: NodeJS.ProcessEnv): string | undefined {
  const match = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value.trim())
  if (!match) return value
  return env[match[1]!] || undefined
}

function readString(
  parent: Table,
  key: string,
  fallback: string,
  env: NodeJS.ProcessEnv,
  where: string,
): string {
  const value = parent[key]
  if (value === undefined) return fallback
  if (typeof value !== 'string') throw new ConfigError(`${where}.${key} must be a string`)
  return resolveEnv(value, env) ?? fallback
}

function readNumber(parent: Table, key: string, fallback: number, where: string): number {
  const value = parent[key]
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new ConfigError(`${where}.${key} must be a non-negative number, got ${String(value)}`)
  return value
}

function readBoolean(parent: Table, key: string, fallback: boolean, where: string): boolean {
  const value = parent[key]
  if (value === undefined) return fallback
  if (typeof value !== 'boolean') throw new ConfigError(`${where}.${key} must be true or false`)
  return value
}

function readStrings(
  parent: Table,
  key: string,
  env: NodeJS.ProcessEnv,
  where: string,
): string[] | undefined {
  const value = parent[key]
  if (value === undefined) return undefined
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    throw new ConfigError(`${where}.${key} must be a list of strings`)
  return (value as string[])
    .map((item) => resolveEnv(item, env))
    .filter((item): item is string => item !== undefined)
}

const SIZE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
}

/**
 * "50MiB", "5MB", "500KB" → bytes. The CLI reads sizes with docker's go-units RAMInBytes, which
 * counts KB and MB in powers of 1024 too.
 */
export function parseSize(value: unknown, where: string): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value
  const match = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value) : null
  const unit = match ? SIZE_UNITS[match[2]!.toLowerCase()] : undefined
  if (!match || unit === undefined)
    throw new ConfigError(`${where} must be a size such as "5MiB", got ${JSON.stringify(value)}`)
  return Math.floor(Number(match[1]) * unit)
}

/** "1s", "60s", "5m", "1h" → seconds (Go durations, as the CLI writes them). */
export function parseDuration(value: unknown, where: string): number {
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(value.trim()) : null
  if (!match)
    throw new ConfigError(`${where} must be a duration such as "60s", got ${String(value)}`)
  const factor = { ms: 0.001, s: 1, m: 60, h: 3600 }[match[2] as 'ms' | 's' | 'm' | 'h']
  return Number(match[1]) * factor
}

/**
 * Auth settings that make hosted stricter and that the local backend does not carry out. Set
 * in the file, they would leave it laxer than production without a word, so it refuses to start
 * instead: carry the rule out in scripts/local/supabase/auth first. Each is off by default in
 * the CLI's template, and off in this project's file.
 * - `[auth.email] secure_password_change`: a password change needs a reauthentication nonce
 *   unless the session is under a day old (supabase/auth internal/api/user.go UserUpdate).
 * - `[auth.sessions] timebox`, `inactivity_timeout`: refresh refused past them
 *   (internal/tokens/service.go RefreshTokenGrant, "Session Expired (Inactivity)").
 * - `[auth.captcha] enabled`: a captcha token on sign-up, sign-in and recovery
 *   (internal/api/middleware.go verifyCaptcha).
 * - `[auth.hook.<name>] enabled`: hooks that may refuse or reshape sign-ins and tokens.
 */
function refuseUnenforced(auth: Table): void {
  const unenforced: string[] = []
  if (table(auth, 'email').secure_password_change === true)
    unenforced.push('auth.email.secure_password_change')
  const sessions = table(auth, 'sessions')
  for (const key of ['timebox', 'inactivity_timeout'])
    if (sessions[key] !== undefined && !/^0+(?:ms|s|m|h)?$/.test(String(sessions[key]).trim()))
      unenforced.push(`auth.sessions.${key}`)
  if (table(auth, 'captcha').enabled === true) unenforced.push('auth.captcha.enabled')
  for (const [name, hook] of Object.entries(table(auth, 'hook')))
    if (typeof hook === 'object' && hook !== null && (hook as Table).enabled === true)
      unenforced.push(`auth.hook.${name}.enabled`)
  if (unenforced.length)
    throw new ConfigError(
      `${unenforced.join(', ')}: the local backend does not enforce ${unenforced.length === 1 ? 'this' : 'these'}, so it would be laxer than hosted. Implement ${unenforced.length === 1 ? 'it' : 'them'} in scripts/local/supabase/auth first.`,
    )
}

/**
 * `[auth.email.smtp]`: whether it is on, with the fields the CLI requires of an enabled one
 * (supabase/cli pkg/config/config.go, email.validate). Their values may be env(...) the local
 * backend never has: it keeps every email in its mailbox instead.
 */
function readSmtpEnabled(email: Table): boolean {
  const smtp = table(email, 'smtp')
  const enabled = readBoolean(smtp, 'enabled', false, 'auth.email.smtp')
  if (!enabled) return false
  for (const key of ['host', 'port', 'user', 'pass', 'admin_email'])
    if (smtp[key] === undefined || smtp[key] === '')
      throw new ConfigError(`auth.email.smtp.${key} is required when SMTP is enabled`)
  return true
}

/**
 * `[auth.email.template.*]` and `[auth.email.notification.*]`, their files read as the CLI does
 * before `config push` (supabase/cli pkg/config/config.go, resolve and email.validate): a
 * template's content_path from the repository's root, a notification's from the supabase
 * folder, a disabled notification not at all. An unreadable file is an error, as there.
 */
function readEmailContents<Name extends string>(
  parent: Table,
  names: readonly Name[],
  where: string,
  base: string,
  options: { enabledFlag: boolean },
): Partial<Record<Name, EmailContent>> {
  const contents: Partial<Record<Name, EmailContent>> = {}
  for (const [name, value] of Object.entries(parent)) {
    const at = `${where}.${name}`
    if (!names.includes(name as Name))
      throw new ConfigError(`${at}: unknown, expected one of ${names.join(', ')}`)
    const entry = typeof value === 'object' && value !== null ? (value as Table) : {}
    if (entry.content !== undefined)
      throw new ConfigError(`${at}.content: please use content_path instead`)
    if (options.enabledFlag && !readBoolean(entry, 'enabled', false, at)) continue
    const subject = entry.subject
    if (subject !== undefined && typeof subject !== 'string')
      throw new ConfigError(`${at}.subject must be a string`)
    const contentPath = entry.content_path
    if (contentPath !== undefined && typeof contentPath !== 'string')
      throw new ConfigError(`${at}.content_path must be a string`)
    let html: string | undefined
    if (contentPath) {
      const file = path.resolve(base, contentPath)
      try {
        html = readFileSync(file, 'utf8')
      } catch {
        throw new ConfigError(`${at}.content_path: cannot read ${file}`)
      }
    }
    contents[name as Name] = { subject, html }
  }
  return contents
}

/**
 * Parses config.toml text. `env` resolves "env(NAME)" values; `supabaseDir` is the folder the
 * file lies in, which the email templates' paths start from.
 */
export function parseSupabaseConfig(
  text: string,
  env: NodeJS.ProcessEnv = process.env,
  supabaseDir: string = path.resolve('supabase'),
): HostedSettings {
  let root: Table
  try {
    root = parse(text) as Table
  } catch (error) {
    throw new ConfigError(`supabase/config.toml is not valid TOML: ${(error as Error).message}`)
  }
  const api = table(root, 'api')
  const auth = table(root, 'auth')
  const email = table(auth, 'email')
  const rateLimit = table(auth, 'rate_limit')
  const mfa = table(auth, 'mfa')
  const totp = table(mfa, 'totp')
  const storage = table(root, 'storage')

  refuseUnenforced(auth)

  const requirements = readString(auth, 'password_requirements', '', env, 'auth')
  if (!PASSWORD_REQUIREMENTS.includes(requirements as PasswordRequirements))
    throw new ConfigError(
      `auth.password_requirements must be one of ${PASSWORD_REQUIREMENTS.filter(Boolean).join(', ')} or "", got "${requirements}"`,
    )
  // GoTrue refuses a minimum below 6 (internal/conf/configuration.go PasswordConfiguration).
  const minimumPasswordLength = Math.max(6, readNumber(auth, 'minimum_password_length', 6, 'auth'))
  const smtpEnabled = readSmtpEnabled(email)

  const buckets: Record<string, BucketSettings> = {}
  for (const [id, value] of Object.entries(table(storage, 'buckets'))) {
    const bucket = typeof value === 'object' && value !== null ? (value as Table) : {}
    const where = `storage.buckets.${id}`
    buckets[id] = {
      public: readBoolean(bucket, 'public', false, where),
      fileSizeLimit:
        bucket.file_size_limit === undefined
          ? undefined
          : parseSize(bucket.file_size_limit, `${where}.file_size_limit`),
      allowedMimeTypes: readStrings(bucket, 'allowed_mime_types', env, where),
    }
  }

  return {
    api: { maxRows: readNumber(api, 'max_rows', 1000, 'api') },
    auth: {
      siteUrl: readString(auth, 'site_url', 'http://127.0.0.1:3000', env, 'auth'),
      additionalRedirectUrls: readStrings(auth, 'additional_redirect_urls', env, 'auth') ?? [],
      jwtExpiry: readNumber(auth, 'jwt_expiry', 3600, 'auth'),
      refreshTokenReuseInterval: readNumber(auth, 'refresh_token_reuse_interval', 10, 'auth'),
      enableSignup: readBoolean(auth, 'enable_signup', true, 'auth'),
      minimumPasswordLength,
      passwordRequirements: requirements as PasswordRequirements,
      // hosted's default; readSupabaseConfig takes the deployed value from auth-management.json.
      passwordHibpEnabled: false,
      email: {
        enableSignup: readBoolean(email, 'enable_signup', true, 'auth.email'),
        enableConfirmations: readBoolean(email, 'enable_confirmations', false, 'auth.email'),
        doubleConfirmChanges: readBoolean(email, 'double_confirm_changes', true, 'auth.email'),
        maxFrequency: parseDuration(email.max_frequency ?? '1s', 'auth.email.max_frequency'),
        otpLength: readNumber(email, 'otp_length', 6, 'auth.email'),
        otpExpiry: readNumber(email, 'otp_expiry', 3600, 'auth.email'),
        smtpEnabled,
        templates: readEmailContents(
          table(email, 'template'),
          EMAIL_TEMPLATE_NAMES,
          'auth.email.template',
          path.dirname(supabaseDir),
          { enabledFlag: false },
        ),
        notifications: readEmailContents(
          table(email, 'notification'),
          EMAIL_NOTIFICATION_NAMES,
          'auth.email.notification',
          supabaseDir,
          { enabledFlag: true },
        ),
      },
      rateLimit: {
        // The CLI sends email_sent only with SMTP enabled (pkg/config/auth.go,
        // ToUpdateAuthConfigBody): otherwise hosted keeps its own service's 2 an hour.
        emailSent: smtpEnabled ? readNumber(rateLimit, 'email_sent', 2, 'auth.rate_limit') : 2,
        tokenRefresh: readNumber(rateLimit, 'token_refresh', 150, 'auth.rate_limit'),
        signInSignUps: readNumber(rateLimit, 'sign_in_sign_ups', 30, 'auth.rate_limit'),
        tokenVerifications: readNumber(rateLimit, 'token_verifications', 30, 'auth.rate_limit'),
      },
      mfa: {
        maxEnrolledFactors: readNumber(mfa, 'max_enrolled_factors', 10, 'auth.mfa'),
        totp: {
          enrollEnabled: readBoolean(totp, 'enroll_enabled', false, 'auth.mfa.totp'),
          verifyEnabled: readBoolean(totp, 'verify_enabled', false, 'auth.mfa.totp'),
        },
      },
    },
    storage: {
      fileSizeLimit: parseSize(storage.file_size_limit ?? '50MiB', 'storage.file_size_limit'),
      buckets,
    },
  }
}

/** The Management API keys of auth-management.json, with the type each must have. */
const AUTH_MANAGEMENT_KEYS = { password_hibp_enabled: 'boolean' } as const

/**
 * supabase/auth-management.json: the Auth settings `supabase config push` cannot carry, in the
 * Management API's names (PATCH /v1/projects/{ref}/config/auth). The deploy sends this file as
 * it is, so only known keys of the right type are accepted here.
 */
export function parseAuthManagementSettings(text: string): { passwordHibpEnabled: boolean } {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (error) {
    throw new ConfigError(`auth-management.json is not valid JSON: ${(error as Error).message}`)
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ConfigError('auth-management.json must be one JSON object')
  for (const [key, value] of Object.entries(body)) {
    const type = AUTH_MANAGEMENT_KEYS[key as keyof typeof AUTH_MANAGEMENT_KEYS]
    if (!type) throw new ConfigError(`auth-management.json: unknown key "${key}"`)
    if (typeof value !== type)
      throw new ConfigError(`auth-management.json: "${key}" must be a ${type}`)
  }
  const settings = body as { password_hibp_enabled?: boolean }
  return { passwordHibpEnabled: settings.password_hibp_enabled ?? false }
}

export function readSupabaseConfig(
  file: string,
  env: NodeJS.ProcessEnv = process.env,
): HostedSettings {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    throw new ConfigError(`Cannot read ${file}: the local backend takes its settings from it.`)
  }
  // Next to config.toml; a copy of config.toml alone (as some tests make) has hosted's defaults.
  const managementFile = path.join(path.dirname(file), 'auth-management.json')
  try {
    const settings = parseSupabaseConfig(text, env, path.dirname(path.resolve(file)))
    if (existsSync(managementFile)) {
      const management = parseAuthManagementSettings(readFileSync(managementFile, 'utf8'))
      settings.auth.passwordHibpEnabled = management.passwordHibpEnabled
    }
    return settings
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigError(`${file}: ${error.message}`)
    throw error
  }
}
