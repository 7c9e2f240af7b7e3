import { describe, expect, it } from 'vitest'
import {
  CREDENTIALS_REQUIRED,
  GENERIC_MESSAGE,
  RESEND_REQUIRED,
  UNREACHABLE_MESSAGE,
  authErrorMessage,
  dataErrorMessage,
  needsSecondFactor,
} from '../../../src/lib/serviceErrorMessages.ts'

/** What a server or driver writes for developers; none of it may reach the page. */
const RAW = /AAL2|aal2|pq:|violates|relation|JWT|PGRST|constraint|Auth session missing/

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
    expect(authErrorMessage({ message: 'Invalid login credentials', status: 400 })).toMatch(
      /do not match/,
    )
  })

  it('never shows what the server wrote, for codes it knows and codes it does not', () => {
    const answers = [
      {
        name: 'AuthApiError',
        status: 401,
        code: 'insufficient_aal',
        message: 'AAL2 session is required to update email or password when MFA is enabled.',
      },
      { name: 'AuthApiError', status: 400, code: 'some_future_code', message: 'pq: violates x' },
      { name: 'AuthApiError', status: 400, message: 'relation "auth.flow_state" does not exist' },
      { name: 'AuthSessionMissingError', status: 400, message: 'Auth session missing!' },
      { name: 'AuthInvalidJwtError', status: 400, code: 'invalid_jwt', message: 'JWT invalid' },
      new Error('pq: constraint'),
      'a string',
      null,
      undefined,
    ]
    for (const answer of answers) {
      const sentence = authErrorMessage(answer)
      expect(sentence).not.toMatch(RAW)
      expect(sentence).toMatch(/^[A-Z].*\.$/)
    }
    expect(authErrorMessage({ code: 'some_future_code', message: 'pq: x' })).toBe(GENERIC_MESSAGE)
  })

  it('blames the connection, not Folio, when the auth client itself could not be fetched', () => {
    // Offline before the first sign-in: supabase-js's chunk does not arrive, in each engine's words.
    for (const failure of [
      new TypeError(
        'Failed to fetch dynamically imported module: https://folio.example/assets/supabase-1.js',
      ),
      new TypeError(
        'error loading dynamically imported module: https://folio.example/assets/supabase-1.js',
      ),
      new TypeError('Importing a module script failed.'),
      new TypeError('Failed to fetch'),
      new TypeError('NetworkError when attempting to fetch resource.'),
      new TypeError('Load failed'),
    ])
      expect(authErrorMessage(failure)).toBe(UNREACHABLE_MESSAGE)
    // A programming error is no connection problem.
    expect(authErrorMessage(new TypeError('x is not a function'))).toBe(GENERIC_MESSAGE)
  })

  it('explains the second factor, sessions and used-up links in words', () => {
    expect(
      authErrorMessage({ code: 'insufficient_aal', message: 'AAL2 session is required…' }),
    ).toBe('Enter the code from your authenticator app first, then try again.')
    expect(authErrorMessage({ name: 'AuthSessionMissingError' })).toMatch(/session has ended/)
    expect(authErrorMessage({ code: 'flow_state_expired' })).toMatch(/expired or was already used/)
    expect(authErrorMessage({ code: 'mfa_verification_failed' })).toMatch(/^That code did not/)
  })

  it('says the service cannot be reached for network failures and server errors', () => {
    expect(authErrorMessage({ name: 'AuthRetryableFetchError', status: 503 })).toBe(
      UNREACHABLE_MESSAGE,
    )
    expect(authErrorMessage({ name: 'AuthRetryableFetchError', status: 0 })).toBe(
      UNREACHABLE_MESSAGE,
    )
    expect(authErrorMessage({ name: 'AuthApiError', status: 500, message: 'boom' })).toBe(
      UNREACHABLE_MESSAGE,
    )
    expect(authErrorMessage({ status: 429, message: 'rate limit' })).toMatch(/Too many attempts/)
  })

  // GoTrue gives one code for two limits: a user's max_frequency (with the seconds left) and
  // the project's hourly email_sent cap, where no email went to this person at all.
  it('does not say "we just sent you an email" when the project’s hourly email cap is reached', () => {
    const perUser = authErrorMessage({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'For security purposes, you can only request this after 42 seconds.',
    })
    expect(perUser).toMatch(/^We just sent you an email/)
    const project = authErrorMessage({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'email rate limit exceeded',
    })
    expect(project).not.toMatch(/just sent you/)
    expect(project).not.toMatch(/rate limit/)
    expect(project).toMatch(/last hour.*try again later/i)
  })

  it('names why a password is weak', () => {
    expect(
      authErrorMessage({
        name: 'AuthWeakPasswordError',
        code: 'weak_password',
        reasons: ['pwned'],
      }),
    ).toMatch(/data breach/)
    expect(authErrorMessage({ code: 'weak_password', reasons: ['length'] })).toMatch(/too short/)
    expect(authErrorMessage({ code: 'weak_password' })).toMatch(/too weak/)
    expect(
      authErrorMessage({
        code: 'validation_failed',
        status: 400,
        message: 'Password cannot be longer than 72 characters',
      }),
    ).toBe(
      'That password is too long. Use at most 72 characters; an accented letter counts as two and an emoji as four.',
    )
  })

  it("says what is wrong with an address the auth service's own check refuses", () => {
    const refused = (message: string) =>
      authErrorMessage({ code: 'validation_failed', status: 400, message })
    expect(refused('Unable to validate email address: invalid format')).toBe(
      'That email address cannot be used here. Check it for spaces, accents or missing parts.',
    )
    expect(refused('An email address is too long')).toBe(
      'That email address is too long: it can have at most 255 characters.',
    )
    expect(refused('Something else')).toBe('Please check the fields and try again.')
  })

  it("keeps the auth client's own texts word for word", () => {
    expect(authErrorMessage({ message: CREDENTIALS_REQUIRED })).toBe(CREDENTIALS_REQUIRED)
    expect(authErrorMessage({ message: RESEND_REQUIRED })).toBe(RESEND_REQUIRED)
    expect(authErrorMessage({ message: 'No code detected.' })).toBe(
      'We could not read that sign-in link (No code detected.). Ask for a new one.',
    )
  })

  it('recognises the refusal that needs a second factor', () => {
    expect(needsSecondFactor({ code: 'insufficient_aal' })).toBe(true)
    expect(needsSecondFactor({ code: 'invalid_credentials' })).toBe(false)
    expect(needsSecondFactor(null)).toBe(false)
  })
})

describe('dataErrorMessage', () => {
  it('maps PostgREST and PostgreSQL codes to sentences about the action', () => {
    expect(
      dataErrorMessage(
        { code: '42501', message: 'new row violates row-level security policy for table "x"' },
        403,
        'save this',
      ),
    ).toBe('You do not have permission to save this. Sign in again and retry.')
    expect(dataErrorMessage({ code: 'PGRST303', message: 'JWT expired' }, 401, 'x')).toMatch(
      /session has ended/,
    )
    expect(dataErrorMessage({ code: '57014', message: 'canceling statement' }, 500, 'save')).toBe(
      'Folio took too long to save. Try again in a moment.',
    )
    expect(dataErrorMessage({ code: '54000', message: 'too big' }, 400, 'save this')).toMatch(
      /too large/,
    )
  })

  it('falls back on the status, and never on the message', () => {
    const unknown = { code: 'XX999', message: 'pq: relation "documents" violates constraint' }
    for (const status of [0, 400, 401, 403, 404, 409, 413, 429, 500, 503]) {
      const sentence = dataErrorMessage(unknown, status, 'save this')
      expect(sentence).not.toMatch(RAW)
      expect(sentence).toMatch(/^[A-Z].*\.$/)
    }
    expect(dataErrorMessage(null, 0, 'load your documents')).toBe(UNREACHABLE_MESSAGE)
    expect(dataErrorMessage(unknown, 400, 'rename the document')).toBe(
      'Folio could not rename the document. Try again in a moment.',
    )
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
