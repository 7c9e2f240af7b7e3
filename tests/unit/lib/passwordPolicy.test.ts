import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  MAX_PASSWORD_BYTES as AUTH_SERVICE_MAX_BYTES,
  readSupabaseConfig,
} from '../../../scripts/local/supabase/index.ts'
import {
  MAX_PASSWORD_BYTES,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  isPasswordTooLong,
  passwordLengthProblem,
} from '../../../src/lib/passwordPolicy.ts'

describe('the password rule the forms check', () => {
  it('is the minimum_password_length the auth service is configured with', () => {
    const hosted = readSupabaseConfig(path.resolve('supabase/config.toml'))
    expect(MIN_PASSWORD_LENGTH).toBe(hosted.auth.minimumPasswordLength)
  })
})

describe('the longest password the forms accept', () => {
  it("is the auth service's 72 bytes, counted in UTF-8 as GoTrue counts them", () => {
    expect(MAX_PASSWORD_BYTES).toBe(AUTH_SERVICE_MAX_BYTES)
    expect(isPasswordTooLong('a'.repeat(72))).toBe(false)
    expect(isPasswordTooLong('a'.repeat(73))).toBe(true)
    expect(isPasswordTooLong('é'.repeat(36))).toBe(false)
    expect(isPasswordTooLong('é'.repeat(37))).toBe(true)
    expect(isPasswordTooLong('🔑'.repeat(19))).toBe(true)
  })
})

describe("what the forms say of a new password's length", () => {
  it('is too short below the minimum, too long past 72 bytes, and nothing in between', () => {
    expect(passwordLengthProblem('a'.repeat(MIN_PASSWORD_LENGTH - 1))).toBe(PASSWORD_TOO_SHORT)
    expect(passwordLengthProblem('a'.repeat(MIN_PASSWORD_LENGTH))).toBeNull()
    expect(passwordLengthProblem('é'.repeat(36))).toBeNull()
    expect(passwordLengthProblem('é'.repeat(37))).toBe(PASSWORD_TOO_LONG)
  })
})
