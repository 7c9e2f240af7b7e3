import type { Database, Queryable } from '../db/database.ts'
import type { HostedSettings } from '../supabaseConfig.ts'
import { bearerToken } from '../apiCaller.ts'
import type { JwtClaims, Keys } from '../keys.ts'
import { JwtError } from '../keys.ts'
import { AuthError, noAuthorization, sessionNotFound, userBanned, userNotFound } from './errors.ts'
import type { EmailSettings } from './emails.ts'
import type { Mailbox } from './mailbox.ts'
import type { PasswordPolicy } from './passwordStrength.ts'
import type { RateLimits } from './rateLimits.ts'
import { findSession } from './sessions.ts'
import type { SessionRow, TokenSettings } from './sessions.ts'
import type { UserRow } from './userJson.ts'
import { findUserById, isBanned } from './users.ts'

export interface AuthSettings {
  autoConfirm: boolean
  siteUrl: string
  additionalRedirectUrls: string[]
  jwtExpiry: number
  refreshTokenReuseInterval: number
  otpExpiry: number
  /** Seconds before another email of the same kind may go to a user ([auth.email] max_frequency). */
  emailMaxFrequency: number
  /**
   * `[auth.email] double_confirm_changes`: an email change waits for the current address to
   * confirm it too (GoTrue's Mailer.SecureEmailChangeEnabled).
   */
  doubleConfirmChanges: boolean
  /** config.toml `[auth] enable_signup`: whether new accounts may be made (GoTrue's DISABLE_SIGNUP). */
  enableSignup: boolean
  /**
   * config.toml `[auth.email] enable_signup`, which the CLI pushes as GoTrue's
   * EXTERNAL_EMAIL_ENABLED: off, nobody signs up, in or recovers by email (errors.ts).
   */
  emailProvider: boolean
  /**
   * supabase/config.toml [auth] minimum_password_length and password_requirements, and
   * supabase/auth-management.json password_hibp_enabled.
   */
  password: PasswordPolicy
  /** supabase/config.toml [auth.mfa]. */
  mfa: HostedSettings['auth']['mfa']
  /** supabase/config.toml [auth.rate_limit]. */
  rateLimit: HostedSettings['auth']['rateLimit']
  /** supabase/config.toml [auth.email]: SMTP, templates and notices. */
  email: EmailSettings
}

export interface AuthContext {
  db: Database
  keys: Keys
  mailbox: Mailbox
  settings: AuthSettings
  /** Public base of this service, e.g. http://127.0.0.1:54321/auth/v1 */
  authUrl: () => string
  /** Request budgets, as GoTrue's limiters keep them (created by the router when absent). */
  limits?: RateLimits
  /** The last TOTP time step accepted per factor id, so a code works once (mfaRoutes.ts). */
  acceptedTotpSteps?: Map<string, number>
}

export function tokenSettings(ctx: AuthContext): TokenSettings {
  return { keys: ctx.keys, jwtExpiry: ctx.settings.jwtExpiry }
}

export interface Authenticated {
  claims: JwtClaims
  user: UserRow
  session: SessionRow
}

/** The signed-in caller of /user, /logout and /factors, with GoTrue's refusals. */
export async function requireSession(
  ctx: AuthContext,
  req: Request,
  tx: Queryable,
): Promise<Authenticated> {
  const token = bearerToken(req)
  if (!token) throw noAuthorization()
  let claims: JwtClaims
  try {
    claims = await ctx.keys.verify(token)
  } catch (error) {
    const detail =
      error instanceof JwtError && error.reason === 'expired'
        ? 'token is expired'
        : 'signature is invalid'
    throw new AuthError(
      403,
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, token has invalid claims: ${detail}`,
    )
  }
  if (!claims.sub || claims.role !== 'authenticated') {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  }
  const user = await findUserById(tx, claims.sub)
  if (!user) throw userNotFound()
  if (isBanned(user)) throw userBanned()
  const session = claims.session_id ? await findSession(tx, claims.session_id) : undefined
  if (!session || session.user_id !== user.id) throw sessionNotFound()
  return { claims, user, session }
}
