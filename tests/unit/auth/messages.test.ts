import { describe, expect, it } from 'vitest'
import {
  CREDENTIALS_REQUIRED,
  authErrorMessage,
  validateCredentials,
  validateEmail,
} from '../../../src/features/auth/messages'
import { totpDigits } from '../../../src/features/auth/secondFactor'

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
})

describe('totpDigits', () => {
  it('keeps the six digits of a code however it was pasted', () => {
    expect(totpDigits('123456')).toBe('123456')
    expect(totpDigits(' 123 456 ')).toBe('123456')
    expect(totpDigits('123-456\n')).toBe('123456')
    expect(totpDigits('Code: 123 456 789')).toBe('123456')
    expect(totpDigits('abc')).toBe('')
  })
})

describe('email link failures in words', () => {
  it('explains a link opened in another browser than the one it was asked for in', () => {
    expect(
      authErrorMessage({
        name: 'AuthPKCECodeVerifierMissingError',
        code: 'pkce_code_verifier_not_found',
        status: 400,
      }),
    ).toBe(
      'This link was asked for in another browser or on another device. Open it there, or ask for a new link here.',
    )
  })
})
