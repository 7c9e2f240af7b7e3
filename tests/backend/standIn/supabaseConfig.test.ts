import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  emailText,
  renderEmailTemplate,
} from '../../../scripts/local/supabase/auth/emailTemplates.ts'
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

  // Hosted would be stricter with these on, and the local backend does not carry them out.
  it('refuses settings that would make hosted stricter than the local backend is', () => {
    for (const [text, key] of [
      ['[auth.email]\nsecure_password_change = true', 'auth.email.secure_password_change'],
      ['[auth.sessions]\ntimebox = "24h"', 'auth.sessions.timebox'],
      ['[auth.sessions]\ninactivity_timeout = "8h"', 'auth.sessions.inactivity_timeout'],
      ['[auth.captcha]\nenabled = true\nprovider = "hcaptcha"', 'auth.captcha.enabled'],
      ['[auth.hook.custom_access_token]\nenabled = true', 'auth.hook.custom_access_token.enabled'],
    ])
      expect(() => parseSupabaseConfig(text!, {}), key).toThrow(
        new RegExp(`^${key!.replaceAll('.', '\\.')}: the local backend does not enforce this`),
      )
    expect(() =>
      parseSupabaseConfig('[auth.email]\nsecure_password_change = false', {}),
    ).not.toThrow()
    expect(() => parseSupabaseConfig('[auth.sessions]\ntimebox = "0"', {})).not.toThrow()
    expect(() => parseSupabaseConfig('[auth.captcha]\nenabled = true', {})).toThrow(ConfigError)
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

  it('sends mail through its own SMTP server, with the email_sent limit hosted then applies', () => {
    const hosted = readSupabaseConfig(path.resolve('supabase/config.toml'), {})
    expect(hosted.auth.email.smtpEnabled).toBe(true)
    expect(hosted.auth.rateLimit.emailSent).toBe(100)
    // Without it, the CLI does not send email_sent and hosted keeps its own service's 2 an hour.
    const without = parseSupabaseConfig('[auth.rate_limit]\nemail_sent = 30\n')
    expect(without.auth.email.smtpEnabled).toBe(false)
    expect(without.auth.rateLimit.emailSent).toBe(2)
    expect(() => parseSupabaseConfig('[auth.email.smtp]\nenabled = true\nhost = "x"\n')).toThrow(
      /auth\.email\.smtp\.port is required/,
    )
  })

  it("reads the emails' files as the CLI does: templates from the root, notices from supabase/", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'folio-templates-'))
    const supabaseDir = path.join(root, 'supabase')
    mkdirSync(path.join(supabaseDir, 'templates'), { recursive: true })
    writeFileSync(path.join(supabaseDir, 'templates', 'recovery.html'), '<p>reset</p>')
    writeFileSync(path.join(supabaseDir, 'templates', 'told.html'), '<p>told</p>')
    const text = `[auth.email.template.recovery]
subject = "Reset"
content_path = "./supabase/templates/recovery.html"

[auth.email.notification.password_changed]
enabled = true
content_path = "./templates/told.html"

[auth.email.notification.mfa_factor_enrolled]
enabled = false
content_path = "./templates/missing.html"
`
    const email = parseSupabaseConfig(text, {}, supabaseDir).auth.email
    expect(email.templates).toEqual({ recovery: { subject: 'Reset', html: '<p>reset</p>' } })
    // A disabled notice is not read, as the CLI skips it.
    expect(email.notifications).toEqual({
      password_changed: { subject: undefined, html: '<p>told</p>' },
    })
    const broken = text.replace('./templates/told.html', './supabase/templates/told.html')
    expect(() => parseSupabaseConfig(broken, {}, supabaseDir)).toThrow(
      /auth\.email\.notification\.password_changed\.content_path: cannot read/,
    )
    expect(() =>
      parseSupabaseConfig('[auth.email.template.recovry]\nsubject = "x"\n', {}, supabaseDir),
    ).toThrow(/auth\.email\.template\.recovry: unknown/)
  })

  it("renders only the fields GoTrue gives an email, escaped as Go's html/template does", () => {
    const fields = {
      Email: `o'brien+<x>@example.com`,
      ConfirmationURL: 'https://a.example/?a=1&b=2',
    }
    expect(
      renderEmailTemplate('<a href="{{ .ConfirmationURL }}">{{.Email}}</a>', fields, 't'),
    ).toBe('<a href="https://a.example/?a=1&amp;b=2">o&#39;brien+&lt;x&gt;@example.com</a>')
    expect(() => renderEmailTemplate('{{ .NewEmail }}', fields, 'confirmation')).toThrow(
      /confirmation: GoTrue gives this email no field \.NewEmail/,
    )
    expect(() => renderEmailTemplate('{{ if .Email }}x{{ end }}', fields, 't')).toThrow(
      /only \{\{ \.Field \}\} is supported/,
    )
    expect(emailText('<h1>Hi &amp; bye</h1>\n<p>one\n  two<br>three</p>')).toBe(
      'Hi & bye\none two\nthree',
    )
  })
})
