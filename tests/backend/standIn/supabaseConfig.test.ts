import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  ConfigError,
  parseAuthManagementSettings,
  parseSize,
  parseSupabaseConfig,
  readSupabaseConfig,
} from '../../../scripts/local/supabase/supabaseConfig.ts'

describe('supabase/config.toml as the local backend reads it', () => {
  it('declares what hosted Auth and Storage must do', () => {
    const hosted = readSupabaseConfig(path.resolve('supabase/config.toml'), {
      SITE_URL: 'https://folio.example',
    })
    expect(hosted.auth).toMatchObject({
      siteUrl: 'https://folio.example',
      additionalRedirectUrls: [],
      jwtExpiry: 3600,
      minimumPasswordLength: 8,
      // supabase/auth-management.json, which the deploy sends to the Management API.
      passwordHibpEnabled: true,
      email: {
        enableConfirmations: true,
        doubleConfirmChanges: true,
        otpExpiry: 3600,
        otpLength: 6,
      },
      rateLimit: { tokenVerifications: 30 },
      mfa: { maxEnrolledFactors: 10, totp: { enrollEnabled: true, verifyEnabled: true } },
    })
    expect(hosted.storage.buckets.attachments).toEqual({
      public: false,
      fileSizeLimit: 10 * 1024 * 1024,
      allowedMimeTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'],
    })
  })

  it('resolves env(NAME) from the environment and falls back to the default when unset', () => {
    const text = '[auth]\nsite_url = "env(SITE_URL)"\nadditional_redirect_urls = ["env(EXTRA)"]'
    expect(parseSupabaseConfig(text, { SITE_URL: 'https://a.example' }).auth).toMatchObject({
      siteUrl: 'https://a.example',
      additionalRedirectUrls: [],
    })
    expect(parseSupabaseConfig(text, {}).auth.siteUrl).toBe('http://127.0.0.1:3000')
  })

  it("uses the CLI template's defaults for what the file leaves out", () => {
    const hosted = parseSupabaseConfig('', {})
    expect(hosted.auth.minimumPasswordLength).toBe(6)
    // Hosted's own default: an email change is confirmed from the current address too.
    expect(hosted.auth.email.doubleConfirmChanges).toBe(true)
    expect(hosted.auth.mfa.totp).toEqual({ enrollEnabled: false, verifyEnabled: false })
    expect(hosted.storage.fileSizeLimit).toBe(50 * 1024 * 1024)
  })

  it('never goes below GoTrue’s floor of 6 characters', () => {
    expect(parseSupabaseConfig('[auth]\nminimum_password_length = 2', {}).auth).toMatchObject({
      minimumPasswordLength: 6,
    })
  })

  it('reads sizes as the CLI does (KB and MB in powers of 1024)', () => {
    expect(parseSize('10MiB', 'x')).toBe(10_485_760)
    expect(parseSize('5MB', 'x')).toBe(5_242_880)
    expect(parseSize('500KB', 'x')).toBe(512_000)
    expect(parseSize(1024, 'x')).toBe(1024)
    expect(() => parseSize('ten megabytes', 'storage.file_size_limit')).toThrow(
      /storage.file_size_limit must be a size/,
    )
  })

  it('names the key and the problem when a value is wrong', () => {
    expect(() => parseSupabaseConfig('[auth]\njwt_expiry = "soon"', {})).toThrow(
      /auth.jwt_expiry must be a non-negative number/,
    )
    expect(() => parseSupabaseConfig('[auth]\npassword_requirements = "strong"', {})).toThrow(
      ConfigError,
    )
    expect(() => parseSupabaseConfig('[auth\n', {})).toThrow(/not valid TOML/)
  })

  it('takes leaked password protection from auth-management.json, off when the file is absent', () => {
    expect(parseSupabaseConfig('[auth]\n').auth.passwordHibpEnabled).toBe(false)
    expect(parseAuthManagementSettings('{"password_hibp_enabled": true}')).toEqual({
      passwordHibpEnabled: true,
    })
    expect(() => parseAuthManagementSettings('{"password_hibp_enabled": "yes"}')).toThrow(
      ConfigError,
    )
    // The deploy sends the file as it is: a misspelt key would be silently ignored there.
    expect(() => parseAuthManagementSettings('{"password_hibp_enable": true}')).toThrow(
      /unknown key "password_hibp_enable"/,
    )
  })
})
