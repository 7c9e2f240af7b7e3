/**
 * Sentences a person understands for what the backend answers. The auth service (GoTrue) and
 * the data API (PostgREST) give stable codes, and messages written for developers ('AAL2
 * session is required…', 'new row violates row-level security policy…'): the codes are mapped
 * here, and a message is never shown as the server wrote it. The texts docs/product.md keeps word
 * for word are the exception, kept word for word (with a sentence around the ones that need it).
 *
 * Codes: supabase/auth internal/api/apierrors/errorcode.go (GoTrue's `error_code`, which
 * supabase-js puts on AuthError.code), the AuthError subclasses of @supabase/auth-js
 * (src/lib/errors.ts: names and client-side codes), and PostgREST's docs/errors.rst
 * (PGRST codes, and the PostgreSQL SQLSTATEs it passes through).
 */

import { saysChunkFailed, saysNetworkFailed } from './loadFailureWordings'
import { CREDENTIALS_REQUIRED, RESEND_REQUIRED } from './specAuthTexts'
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_LONG } from './passwordPolicy'

export const GENERIC_MESSAGE = 'Something went wrong on our side. Please try again.'
export const UNREACHABLE_MESSAGE =
  'We cannot reach Folio right now. Check your connection and try again.'
const SESSION_ENDED = 'Your session has ended. Please sign in again.'
const LINK_USED_UP = 'That link has expired or was already used. Ask for a new one.'
const RATE_LIMITED = 'Too many attempts. Wait a minute, then try again.'
const ALREADY_REGISTERED = 'An account with this email already exists. Sign in instead.'

export { CREDENTIALS_REQUIRED, RESEND_REQUIRED }

/** The auth client's texts for a sign-in link that cannot be read, each shown after a lead sentence. */
const SPEC_LINK_TEXTS = [
  'No session defined in URL',
  'Error in URL with unspecified error_description',
  'No browser detected.',
  'Not a valid implicit grant flow url.',
  'Not a valid PKCE flow url.',
  'No code detected.',
]

const authByCode: Record<string, string> = {
  invalid_credentials: 'That email and password do not match an account. Check them and try again.',
  email_not_confirmed: 'Please confirm your email address first: open the link we sent you.',
  user_already_exists: ALREADY_REGISTERED,
  email_exists: ALREADY_REGISTERED,
  identity_already_exists: ALREADY_REGISTERED,
  email_address_invalid: 'Enter an email address like you@example.com.',
  email_address_not_authorized: 'We cannot send email to that address. Use another one.',
  weak_password: `That password is too weak. Use at least ${MIN_PASSWORD_LENGTH} characters with a mix of letters and numbers.`,
  same_password: 'The new password must be different from the old one.',
  signup_disabled: 'New accounts cannot be created right now. Please try again later.',
  email_provider_disabled: 'Signing in with email is turned off right now. Please try again later.',
  phone_provider_disabled: 'Folio accounts use an email address. Enter your email instead.',
  user_banned: 'This account is suspended. Contact us if you think this is a mistake.',
  user_not_found: 'No account was found for that address.',
  over_request_rate_limit: RATE_LIMITED,
  over_sms_send_rate_limit: RATE_LIMITED,
  over_email_send_rate_limit: 'We just sent you an email. Wait a minute before asking for another.',
  captcha_failed: 'We could not check that you are a person. Reload the page and try again.',
  otp_expired: 'That link or code has expired. Ask for a new one.',
  otp_disabled: 'Sign-in links are turned off right now. Sign in with your password.',
  flow_state_not_found: LINK_USED_UP,
  flow_state_expired: LINK_USED_UP,
  bad_code_verifier: LINK_USED_UP,
  pkce_code_verifier_not_found:
    'This link was asked for in another browser or on another device. Open it there, or ask for a new link here.',
  session_not_found: SESSION_ENDED,
  session_expired: SESSION_ENDED,
  refresh_token_not_found: SESSION_ENDED,
  refresh_token_already_used: SESSION_ENDED,
  bad_jwt: SESSION_ENDED,
  invalid_jwt: SESSION_ENDED,
  no_authorization: SESSION_ENDED,
  reauthentication_needed: 'For your security, sign in again before changing this.',
  reauthentication_not_valid: 'That confirmation code is not valid. Ask for a new one.',
  insufficient_aal: 'Enter the code from your authenticator app first, then try again.',
  mfa_verification_failed:
    'That code did not match. Check the time on your device and your authenticator app.',
  mfa_verification_rejected: 'That code was not accepted. Wait for the next code and try again.',
  mfa_challenge_expired: 'That code expired. Enter the newest code from your authenticator app.',
  mfa_factor_not_found: 'That authenticator is no longer on your account. Reload the page.',
  mfa_factor_name_conflict: 'You already have an authenticator with that name.',
  too_many_enrolled_mfa_factors: 'You have set up too many authenticators. Remove one first.',
  mfa_verified_factor_exists: 'Two-factor authentication is already on for this account.',
  mfa_totp_enroll_not_enabled: 'Two-factor authentication is not available right now.',
  mfa_totp_verify_not_enabled: 'Two-factor authentication is not available right now.',
  request_timeout: 'That took too long. Please try again.',
  hook_timeout: 'That took too long. Please try again.',
  hook_timeout_after_retry: 'That took too long. Please try again.',
  validation_failed: 'Please check the fields and try again.',
}

interface ServiceErrorLike {
  name?: string
  code?: string
  message?: string
  status?: number
  reasons?: string[]
}

function asServiceError(error: unknown): ServiceErrorLike {
  return typeof error === 'object' && error !== null ? (error as ServiceErrorLike) : {}
}

function weakPasswordMessage(reasons: string[] | undefined): string {
  // AuthWeakPasswordError.reasons: 'length', 'characters', 'pwned'.
  if (reasons?.includes('pwned'))
    return 'That password has appeared in a data breach. Choose a different one.'
  if (reasons?.includes('length'))
    return `That password is too short. Use at least ${MIN_PASSWORD_LENGTH} characters.`
  return authByCode.weak_password as string
}

/** Any error supabase-js's auth client can give (AuthError or a thrown Error), as a sentence. */
export function authErrorMessage(error: unknown): string {
  const e = asServiceError(error)
  const message = e.message ?? ''
  if (message === CREDENTIALS_REQUIRED || message === RESEND_REQUIRED) return message
  if (SPEC_LINK_TEXTS.includes(message))
    return `We could not read that sign-in link (${message}). Ask for a new one.`
  // Status 0 (no answer) and 502–504 reach supabase-js as AuthRetryableFetchError.
  if (e.name === 'AuthRetryableFetchError') return UNREACHABLE_MESSAGE
  // Offline before the first sign-in, supabase-js's own code (loaded on demand) does not arrive:
  // the browser's words for that are no fault of Folio's either.
  if (error instanceof TypeError && (saysNetworkFailed(message) || saysChunkFailed(message)))
    return UNREACHABLE_MESSAGE
  if (e.name === 'AuthWeakPasswordError' || e.code === 'weak_password')
    return weakPasswordMessage(e.reasons)
  if (e.code === 'validation_failed' && message.startsWith('Password cannot be longer than'))
    return `That password is too long. ${PASSWORD_TOO_LONG}`
  // GoTrue's own check of the address (checkmail's format; at most 255 bytes).
  if (e.code === 'validation_failed' && message.startsWith('Unable to validate email address'))
    return 'That email address cannot be used here. Check it for spaces, accents or missing parts.'
  if (e.code === 'validation_failed' && message === 'An email address is too long')
    return 'That email address is too long: it can have at most 255 characters.'
  if (e.name === 'AuthSessionMissingError') return SESSION_ENDED
  // The same code as a user's one-email-a-minute limit, but for the project's hourly cap
  // (`[auth.rate_limit] email_sent`): nothing was sent to this person, and a minute is not enough.
  if (e.code === 'over_email_send_rate_limit' && message === 'email rate limit exceeded')
    return 'Folio has sent too many emails in the last hour. Please try again later.'
  if (e.code && authByCode[e.code]) return authByCode[e.code] as string
  // GoTrue before error codes (and some proxies) answer with the message alone.
  if (message === 'Invalid login credentials') return authByCode.invalid_credentials as string
  if (e.status === 429) return RATE_LIMITED
  if (e.status !== undefined && e.status >= 500) return UNREACHABLE_MESSAGE
  return GENERIC_MESSAGE
}

/** True when the auth service wants a second factor (aal2) before it does what was asked. */
export function needsSecondFactor(error: unknown): boolean {
  return asServiceError(error).code === 'insufficient_aal'
}

const dataByCode: Record<string, (action: string) => string> = {
  // JWT expired or invalid (PGRST301 before PostgREST 12, PGRST303 since).
  PGRST301: () => SESSION_ENDED,
  PGRST302: () => SESSION_ENDED,
  PGRST303: () => SESSION_ENDED,
  // Row-level security or a missing grant refused it.
  '42501': (action) => `You do not have permission to ${action}. Sign in again and retry.`,
  // One row was expected and none (or several) came back.
  PGRST116: () => 'That is no longer there. It may have been deleted in another tab.',
  '23505': () => 'That already exists. Reload the page to see it.',
  '23503': () => 'Something this refers to is no longer there. Reload the page.',
  '23514': (action) => `Folio could not ${action}: a value is not allowed.`,
  '22001': (action) => `Folio could not ${action}: a value is too long.`,
  '54000': (action) => `Folio could not ${action}: it is too large.`,
  '57014': (action) => `Folio took too long to ${action}. Try again in a moment.`,
  '40001': (action) => `Folio could not ${action} because of another change. Try again.`,
  '40P01': (action) => `Folio could not ${action} because of another change. Try again.`,
}

/**
 * A PostgREST error (postgrest-js's `error` and `status`) as a sentence about `action` ("save
 * this", "load your documents"). Offline is decided by the caller, which knows what it keeps.
 */
export function dataErrorMessage(
  error: { code?: string; message?: string } | null,
  status: number,
  action: string,
): string {
  const byCode = error?.code ? dataByCode[error.code] : undefined
  if (byCode) return byCode(action)
  if (status === 0) return UNREACHABLE_MESSAGE
  if (status === 401) return SESSION_ENDED
  if (status === 403) return dataByCode['42501']!(action)
  if (status === 413) return `Folio could not ${action}: it is too large.`
  if (status === 429) return RATE_LIMITED
  if (status >= 500) return `Folio could not ${action} right now. Try again in a moment.`
  return `Folio could not ${action}. Try again in a moment.`
}
