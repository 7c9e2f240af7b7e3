import { json } from '../http/respond.ts'

/**
 * GoTrue's error body: `{ code, error_code, msg }`. auth-js turns `error_code` into
 * `AuthApiError.code` and `msg` into its message.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export function authErrorResponse(error: AuthError, path: string): Response {
  const body: Record<string, unknown> = {
    code: error.status,
    error_code: error.errorCode,
    msg: error.message,
    ...error.extra,
  }
  // /token also carried OAuth2's fields in older GoTrue versions; clients still read them.
  if (path.endsWith('/token')) {
    body.error = error.status === 400 || error.status === 403 ? 'invalid_grant' : error.errorCode
    body.error_description = error.message
  }
  return json(error.status, body)
}

export const invalidCredentials = () =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
export const validationFailed = (msg: string) => new AuthError(400, 'validation_failed', msg)
export const noAuthorization = () =>
  new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
export const sessionNotFound = () =>
  new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
export const userNotFound = () =>
  new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
/**
 * Email sign-in switched off (`[auth.email] enable_signup = false`, GoTrue's
 * EXTERNAL_EMAIL_ENABLED): 422 from a password sign-in (token.go ResourceOwnerPasswordGrant) and
 * a magic link (magic_link.go MagicLink), 400 from a reset (middleware.go requireEmailProvider)
 * and a resend (resend.go Validate); a sign-up says so in its own words (signup.go, 400).
 */
export const emailLoginsDisabled = (status: 400 | 422) =>
  new AuthError(status, 'email_provider_disabled', 'Email logins are disabled')
export const signupsDisabled = () =>
  new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')

export const otpExpired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid')

/**
 * GoTrue's refusal of a banned user (`banned_until` in the future, User.IsBanned) on every
 * route that needs a signed-in user (supabase/auth internal/api/auth.go requireAuthentication)
 * and when an email link or code is verified (internal/api/verify.go verifyTokenHash,
 * verifyUserAndToken): 403 `user_banned`.
 */
export const userBanned = () => new AuthError(403, 'user_banned', 'User is banned')
