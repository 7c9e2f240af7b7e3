import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSupabaseConfig } from '../../../scripts/local/supabase/index.ts'
import { MIN_PASSWORD_LENGTH } from '../../../src/lib/passwordPolicy.ts'

describe('the password rule the forms check', () => {
  it('is the minimum_password_length the auth service is configured with', () => {
    const hosted = readSupabaseConfig(path.resolve('supabase/config.toml'))
    expect(MIN_PASSWORD_LENGTH).toBe(hosted.auth.minimumPasswordLength)
  })
})
