/**
 * The sign-in forms' own checks, before anything is sent. Kept apart from the mapping of what
 * the auth service answers (src/lib/serviceErrorMessages.ts), which the password form that
 * /login opens on fetches only when it has an error to show.
 */
import { passwordLengthProblem } from '../../lib/passwordPolicy'
import { CREDENTIALS_REQUIRED } from '../../lib/specAuthTexts'
import { EMAIL_HINT, isEmailAddress } from '../../../supabase/functions/_shared/email'
import type { FieldErrors as ErrorsOf } from '../../../supabase/functions/_shared/fieldErrors'

export type FieldErrors = ErrorsOf<'identifier' | 'password' | 'confirm' | 'form'>

/**
 * An email plus a password. The product rule allows a phone number too, but Folio accounts are
 * email accounts (no SMS provider is set up), so only an email is offered and accepted; the
 * rule's text for a missing value is kept, with a word under the field that is empty.
 */
export function validateCredentials(
  identifier: string,
  password: string,
  mode: 'signin' | 'signup',
): FieldErrors {
  const value = identifier.trim()
  if (!value || !password)
    return {
      form: CREDENTIALS_REQUIRED,
      ...(value ? {} : { identifier: 'Enter your email address.' }),
      ...(password ? {} : { password: 'Enter your password.' }),
    }
  const errors: FieldErrors = {}
  const invalidEmail = validateEmail(value)
  if (invalidEmail) errors.identifier = invalidEmail
  const passwordProblem = mode === 'signup' ? passwordLengthProblem(password) : null
  if (passwordProblem) errors.password = passwordProblem
  return errors
}

export function validateEmail(email: string): string | null {
  if (!email.trim()) return 'Enter your email address.'
  return isEmailAddress(email.trim()) ? null : EMAIL_HINT
}
