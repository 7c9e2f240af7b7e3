import type { PasswordRequirements } from '../supabaseConfig.ts'
import type { BreachCorpus } from './breachedPasswords.ts'
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
  /** What stands in for HaveIBeenPwned (breachedPasswords.ts). */
  breaches: BreachCorpus
}

/** What hosted says about a password that breaks the policy: a sentence per rule, and the rules. */
export interface PasswordWeakness {
  message: string
  reasons: string[]
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
  const weakness = passwordWeakness(password, policy)
  if (weakness)
    throw new AuthError(422, 'weak_password', weakness.message, {
      weak_password: { reasons: weakness.reasons },
    })
}

/**
 * The same rules, for a password that already signed someone in (the password grant): hosted
 * runs checkPasswordStrength on every correct password and, when it answers WeakPasswordError,
 * still signs the person in, with the weakness as `weak_password: { message, reasons }` in the
 * token response (supabase/auth v2.196 internal/api/token.go `ResourceOwnerPasswordGrant`,
 * `token.WeakPassword = weakPasswordError`; the field is `WeakPassword` in
 * internal/tokens/service.go `AccessTokenResponse`). Any other failure of the check (over 72
 * bytes, HaveIBeenPwned unreachable) is only logged there, so it is nothing here.
 */
export function weaknessOnSignIn(
  password: string,
  policy: PasswordPolicy,
): PasswordWeakness | null {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return null
  return passwordWeakness(password, policy)
}

function passwordWeakness(password: string, policy: PasswordPolicy): PasswordWeakness | null {
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
  if (policy.refuseBreached && policy.breaches.has(password)) {
    reasons.push('pwned')
    messages.push('Password is known to be weak and easy to guess, please choose a different one.')
  }
  return reasons.length > 0 ? { message: messages.join(' '), reasons } : null
}
