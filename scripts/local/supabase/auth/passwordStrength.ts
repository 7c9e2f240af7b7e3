import type { PasswordRequirements } from '../supabaseConfig.ts'
import { isKnownBreached } from './breachedPasswords.ts'
import { AuthError } from './errors.ts'

const LOWER = 'abcdefghijklmnopqrstuvwxyz'
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const DIGITS = '0123456789'
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~'

/**
 * The character sets each `password_requirements` value asks for, one of each set, as the CLI
 * hands them to GoTrue (GOTRUE_PASSWORD_REQUIRED_CHARACTERS, sets separated by ':').
 */
const REQUIRED_SETS: Record<PasswordRequirements, string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
}

export interface PasswordPolicy {
  minimumLength: number
  requirements: PasswordRequirements
  /**
   * Leaked password protection (GoTrue's GOTRUE_PASSWORD_HIBP_ENABLED, the Management API's
   * password_hibp_enabled): refuse passwords known from breaches.
   */
  refuseBreached: boolean
}

/** bcrypt reads at most 72 bytes of a password; GoTrue refuses longer ones. */
export const MAX_PASSWORD_BYTES = 72

/**
 * GoTrue's checkPasswordStrength (supabase/auth internal/api/password.go), on sign-up, a
 * password change (PUT /user, which is also how a recovery sets the new password) and the admin
 * API: a password over 72 bytes is a 400 `validation_failed` first; then every failed rule
 * (length, characters, then pwned) adds a reason and a sentence, and the answer is one 422
 * `weak_password` with all of them.
 */
export function checkPasswordStrength(password: string, policy: PasswordPolicy): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES)
    throw new AuthError(
      400,
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
    )
  const reasons: string[] = []
  const messages: string[] = []
  // Go's len() counts bytes, so a password of multi-byte characters passes sooner there too.
  if (Buffer.byteLength(password, 'utf8') < policy.minimumLength) {
    reasons.push('length')
    messages.push(`Password should be at least ${policy.minimumLength} characters.`)
  }
  const sets = REQUIRED_SETS[policy.requirements]
  if (sets.some((set) => ![...password].some((char) => set.includes(char)))) {
    reasons.push('characters')
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`)
  }
  // Hosted asks HaveIBeenPwned; the stand-in corpus answers here (breachedPasswords.ts). It is
  // never unreachable, so hosted's FailClosed choice (a 500 when HIBP cannot be asked) has no
  // counterpart.
  if (policy.refuseBreached && isKnownBreached(password)) {
    reasons.push('pwned')
    messages.push('Password is known to be weak and easy to guess, please choose a different one.')
  }
  if (reasons.length > 0)
    throw new AuthError(422, 'weak_password', messages.join(' '), { weak_password: { reasons } })
}
