import { describe, expect, it } from 'vitest'
import {
  CREDENTIALS_REQUIRED,
  authErrorMessage,
  isPhone,
  validateCredentials,
  validateEmail,
} from '../../../src/features/auth/messages'

describe('validateCredentials', () => {
  it('uses the spec text when the email/phone or password is missing', () => {
    expect(CREDENTIALS_REQUIRED).toBe(
      'You must provide either an email or phone number and a password',
    )
    expect(validateCredentials('', 'secret123', 'signin')).toEqual({ form: CREDENTIALS_REQUIRED })
    expect(validateCredentials('a@b.co', '', 'signin')).toEqual({ form: CREDENTIALS_REQUIRED })
  })

  it('accepts an email or a phone number', () => {
    expect(validateCredentials('ada@example.com', 'x', 'signin')).toEqual({})
    expect(validateCredentials('+44 20 7946 0958', 'x', 'signin')).toEqual({})
    expect(validateCredentials('ada', 'x', 'signin').identifier).toMatch(/email address/)
    expect(isPhone('+44 20 7946 0958')).toBe(true)
    expect(isPhone('ada@example.com')).toBe(false)
  })

  it('asks for 8 characters when signing up', () => {
    expect(validateCredentials('ada@example.com', 'short', 'signup').password).toBe(
      'Use at least 8 characters.',
    )
    expect(validateEmail('nope')).toMatch(/like you@example.com/)
  })
})

describe('authErrorMessage', () => {
  it('turns GoTrue codes into plain words', () => {
    expect(
      authErrorMessage({
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
        status: 400,
      }),
    ).toMatch(/do not match/)
    expect(authErrorMessage({ code: 'user_already_exists', status: 422 })).toMatch(/already exists/)
    expect(authErrorMessage({ name: 'AuthRetryableFetchError', status: 503 })).toMatch(
      /cannot reach/,
    )
    expect(authErrorMessage({ message: 'Something new' })).toBe('Something new')
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
