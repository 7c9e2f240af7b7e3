import type { PasswordRequirements } from '../supabaseConfig.ts'
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
}

/** bcrypt reads at most 72 bytes of a password; GoTrue refuses longer ones. */
export const MAX_PASSWORD_BYTES = 72

/**
 * GoTrue's checkPasswordStrength (supabase/auth internal/api/password.go), on sign-up, a
 * password change and the admin API: a password over 72 bytes is a 400 `validation_failed`
 * first; then every failed rule adds a reason and a sentence, and the answer is one 422
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
  if (reasons.length > 0)
    throw new AuthError(422, 'weak_password', messages.join(' '), { weak_password: { reasons } })
}
