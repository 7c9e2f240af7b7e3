/**
 * What Folio accepts as an email address, in the sign-in forms (src/features/auth/credentials.ts)
 * and in the contact function alike: something@something.tld, no spaces, at most 320 characters.
 * The auth service checks addresses its own way; this only catches typing mistakes before a
 * round trip.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const MAX_EMAIL_LENGTH = 320

export const EMAIL_HINT = 'Enter an email address like you@example.com.'

export function isEmailAddress(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value)
}
