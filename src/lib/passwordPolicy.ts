/**
 * The shortest password the auth service accepts: `minimum_password_length` in
 * supabase/config.toml, which CI pushes to the hosted project and the local backend reads.
 * The forms check it first so people get the rule before a round trip; a unit test
 * (tests/unit/lib/passwordPolicy.test.ts) fails if the two ever disagree.
 */
export const MIN_PASSWORD_LENGTH = 8

export const PASSWORD_LENGTH_HINT = `At least ${MIN_PASSWORD_LENGTH} characters.`
export const PASSWORD_TOO_SHORT = `Use at least ${MIN_PASSWORD_LENGTH} characters.`

/**
 * The longest password the auth service accepts: bcrypt reads 72 bytes, and GoTrue refuses
 * more ("Password cannot be longer than 72 characters", counted in UTF-8 bytes, so an accented
 * letter takes two and most emoji four).
 */
export const MAX_PASSWORD_BYTES = 72

export const PASSWORD_TOO_LONG = `Use at most ${MAX_PASSWORD_BYTES} characters; an accented letter counts as two and an emoji as four.`

export function isPasswordTooLong(password: string): boolean {
  return new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES
}

/** What the forms say of a new password's length before sending it, or null when it fits. */
export function passwordLengthProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT
  if (isPasswordTooLong(password)) return PASSWORD_TOO_LONG
  return null
}
