/**
 * The shortest password the auth service accepts: `minimum_password_length` in
 * supabase/config.toml, which CI pushes to the hosted project and the local backend reads.
 * The forms check it first so people get the rule before a round trip; a unit test
 * (tests/unit/lib/passwordPolicy.test.ts) fails if the two ever disagree.
 */
export const MIN_PASSWORD_LENGTH = 8

export const PASSWORD_LENGTH_HINT = `At least ${MIN_PASSWORD_LENGTH} characters.`
export const PASSWORD_TOO_SHORT = `Use at least ${MIN_PASSWORD_LENGTH} characters.`
