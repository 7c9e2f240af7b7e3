/**
 * Words a person understands for what the auth service says. GoTrue's codes are stable; its
 * messages are for developers. The spec's own validation texts are kept exactly.
 */
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from './passwordPolicy'

export const CREDENTIALS_REQUIRED =
  'You must provide either an email or phone number and a password'
export const RESEND_REQUIRED = 'You must provide either an email or phone number and a type'

const byCode: Record<string, string> = {
  invalid_credentials: 'That email and password do not match an account. Check them and try again.',
  email_not_confirmed: 'Please confirm your email address first: open the link we sent you.',
  user_already_exists: 'An account with this email already exists. Sign in instead.',
  email_exists: 'An account with this email already exists. Sign in instead.',
  weak_password: `That password is too weak. Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  over_request_rate_limit: 'Too many attempts. Wait a minute, then try again.',
  over_email_send_rate_limit: 'We just sent you an email. Wait a minute before asking for another.',
  otp_expired: 'That link or code has expired. Ask for a new one.',
  mfa_verification_failed:
    'That code did not match. Check the time on your device and your authenticator app.',
  mfa_challenge_expired: 'That code expired. Enter the newest code from your authenticator app.',
  same_password: 'The new password must be different from the old one.',
  session_not_found: 'Your session has ended. Please sign in again.',
  refresh_token_not_found: 'Your session has ended. Please sign in again.',
  user_not_found: 'No account was found for that address.',
  validation_failed: 'Please check the fields and try again.',
  pkce_code_verifier_not_found:
    'This link was asked for in another browser or on another device. Open it there, or ask for a new link here.',
  flow_state_not_found: 'That link has already been used or has expired. Ask for a new one.',
  flow_state_expired: 'That link has expired. Ask for a new one.',
}

interface AuthErrorLike {
  name?: string
  code?: string
  message?: string
  status?: number
}

export function authErrorMessage(error: unknown): string {
  const e = (error ?? {}) as AuthErrorLike
  if (e.name === 'AuthRetryableFetchError' || (e.status !== undefined && e.status >= 500)) {
    return 'We cannot reach Folio right now. Check your connection and try again.'
  }
  if (e.code && byCode[e.code]) return byCode[e.code] as string
  if (e.message === 'Invalid login credentials') return byCode.invalid_credentials as string
  return e.message || 'Something went wrong. Please try again.'
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE = /^\+?[0-9 ()-]{7,20}$/

export type FieldErrors = Partial<Record<'identifier' | 'password' | 'confirm' | 'form', string>>

/** Email or phone plus a password, as the spec requires for sign-in and sign-up. */
export function validateCredentials(
  identifier: string,
  password: string,
  mode: 'signin' | 'signup',
): FieldErrors {
  const value = identifier.trim()
  if (!value || !password) return { form: CREDENTIALS_REQUIRED }
  const errors: FieldErrors = {}
  if (!EMAIL.test(value) && !PHONE.test(value))
    errors.identifier = 'Enter an email address like you@example.com, or a phone number.'
  if (mode === 'signup' && password.length < MIN_PASSWORD_LENGTH)
    errors.password = PASSWORD_TOO_SHORT
  return errors
}

export function validateEmail(email: string): string | null {
  if (!email.trim()) return 'Enter your email address.'
  return EMAIL.test(email.trim()) ? null : 'Enter an email address like you@example.com.'
}

export function isPhone(identifier: string): boolean {
  return !identifier.includes('@') && PHONE.test(identifier.trim())
}
