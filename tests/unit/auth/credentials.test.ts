import { describe, expect, it } from 'vitest'
import { CREDENTIALS_REQUIRED } from '../../../src/lib/specAuthTexts.ts'
import { validateCredentials, validateEmail } from '../../../src/features/auth/credentials.ts'

describe('validateCredentials', () => {
  it('uses the kept auth text when the email or password is missing, and says which', () => {
    expect(CREDENTIALS_REQUIRED).toBe(
      'You must provide either an email or phone number and a password',
    )
    expect(validateCredentials('', 'secret123', 'signin')).toEqual({
      form: CREDENTIALS_REQUIRED,
      identifier: 'Enter your email address.',
    })
    expect(validateCredentials('a@b.co', '', 'signin')).toEqual({
      form: CREDENTIALS_REQUIRED,
      password: 'Enter your password.',
    })
  })

  it('accepts an email and refuses a phone number, which Folio accounts do not use', () => {
    expect(validateCredentials('ada@example.com', 'x', 'signin')).toEqual({})
    expect(validateCredentials('+44 20 7946 0958', 'x', 'signin').identifier).toBe(
      'Enter an email address like you@example.com.',
    )
    expect(validateCredentials('ada', 'x', 'signup').identifier).toMatch(/email address/)
  })

  it('asks for 8 characters when signing up', () => {
    expect(validateCredentials('ada@example.com', 'short', 'signup').password).toBe(
      'Use at least 8 characters.',
    )
    expect(validateEmail('nope')).toMatch(/like you@example.com/)
  })

  it('asks for at most 72 bytes when signing up, as the auth service counts them', () => {
    expect(validateCredentials('ada@example.com', 'a'.repeat(73), 'signup').password).toBe(
      'Use at most 72 characters; an accented letter counts as two and an emoji as four.',
    )
    expect(validateCredentials('ada@example.com', 'é'.repeat(40), 'signup').password).toMatch(
      /at most 72/,
    )
    expect(validateCredentials('ada@example.com', 'a'.repeat(72), 'signup')).toEqual({})
    // Signing in with a long password is the service's to refuse: no account can have one.
    expect(validateCredentials('ada@example.com', 'a'.repeat(80), 'signin')).toEqual({})
  })
})
