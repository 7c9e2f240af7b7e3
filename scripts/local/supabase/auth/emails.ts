import type { EmailContent, HostedSettings } from '../supabaseConfig.ts'
import { AuthError } from './errors.ts'
import { emailText, renderEmailTemplate } from './emailTemplates.ts'
import type { IssuedToken } from './oneTimeTokens.ts'
import type { Mailbox, MailMessage } from './mailbox.ts'

export type EmailType = 'signup' | 'magiclink' | 'recovery' | 'email_change'

/** supabase/config.toml's [auth.email] parts that decide what is mailed, and how. */
export type EmailSettings = Pick<
  HostedSettings['auth']['email'],
  'smtpEnabled' | 'templates' | 'notifications'
> & { siteUrl: string }

/** config.toml's template name for each kind of email. */
const TEMPLATE_OF = {
  signup: 'confirmation',
  magiclink: 'magic_link',
  recovery: 'recovery',
  email_change: 'email_change',
} as const

/** GoTrue's subjects when config.toml gives none (templatemailer.go, defaultTemplateSubjects). */
const DEFAULT_SUBJECTS: Record<EmailType, string> = {
  signup: 'Confirm your email address',
  magiclink: 'Your sign-in link',
  recovery: 'Reset your password',
  email_change: 'Confirm your new email address',
}

/** What a message without a configured template says, before its link. */
const INTROS: Record<EmailType, string> = {
  signup: 'Follow this link to confirm your account:',
  magiclink: 'Follow this link to sign in:',
  recovery: 'Follow this link to reset the password for your account:',
  email_change: 'Follow this link to confirm the update of your email:',
}

/**
 * Hosted's own mail service, used when `[auth.email.smtp]` is off, sends only to the project's
 * team (GOTRUE_EXTERNAL_EMAIL_AUTHORIZED_ADDRESSES): anyone else's sign-up, link or reset fails
 * before anything is sent (supabase/auth internal/api/mail.go, sendEmail and
 * checkEmailAddressAuthorization). The local backend knows no team, so it refuses every address.
 */
function requireSmtp(settings: EmailSettings, to: string): void {
  if (!settings.smtpEnabled)
    throw new AuthError(
      400,
      'email_address_not_authorized',
      `Email address "${to}" cannot be used as it is not authorized`,
    )
}

/**
 * Sends the email GoTrue would: the configured template (or a plain message when there is
 * none) around a link to /auth/v1/verify, which then redirects to the app. PKCE links carry a
 * `pkce_` token. GoTrue mails both addresses of an email change from the one template, which
 * names the new address (templatemailer.go EmailChangeMail, `{{ .Email }}` and
 * `{{ .NewEmail }}`), so the current address learns where the account is going.
 */
export function sendAuthEmail(
  mailbox: Mailbox,
  settings: EmailSettings,
  options: {
    to: string
    type: EmailType
    token: IssuedToken
    redirectTo: string
    authUrl: string
    pkce: boolean
    /** An email change: the current and the new address. */
    change?: { from: string; to: string }
  },
): MailMessage {
  requireSmtp(settings, options.to)
  const link = new URL(`${options.authUrl}/verify`)
  const tokenHash = `${options.pkce ? 'pkce_' : ''}${options.token.tokenHash}`
  link.searchParams.set('token', tokenHash)
  link.searchParams.set('type', options.type)
  link.searchParams.set('redirect_to', options.redirectTo)
  const template = TEMPLATE_OF[options.type]
  const content: EmailContent = settings.templates[template] ?? {}
  const fields: Record<string, string> = {
    SiteURL: settings.siteUrl,
    ConfirmationURL: link.toString(),
    Email: options.change?.from ?? options.to,
    Token: options.token.otp,
    TokenHash: tokenHash,
    RedirectTo: options.redirectTo,
  }
  if (options.type === 'email_change') fields.NewEmail = options.change?.to ?? options.to
  const html = content.html
    ? renderEmailTemplate(content.html, fields, `auth.email.template.${template}`)
    : undefined
  const intro =
    options.type === 'email_change' && options.change
      ? `Follow this link to confirm the update of your email address from ${options.change.from} to ${options.change.to}:`
      : INTROS[options.type]
  return mailbox.send({
    to: options.to,
    subject: content.subject ?? DEFAULT_SUBJECTS[options.type],
    type: options.type,
    text: html
      ? emailText(html)
      : `${intro}\n\n${link.toString()}\n\nOr enter this code: ${options.token.otp}\n`,
    html,
    links: [link.toString()],
    otp: options.token.otp,
  })
}

export type AccountNotice = 'password_changed' | 'mfa_factor_enrolled'

/** GoTrue's subjects for the notices (templatemailer.go, defaultTemplateSubjects). */
const NOTICE_SUBJECTS: Record<AccountNotice, string> = {
  password_changed: 'Your password was changed',
  mfa_factor_enrolled: 'A new verification method was added to your account',
}

/**
 * A notice that the account changed, when config.toml enables it: after a new password
 * (internal/api/user.go UserUpdate) and a factor's first verification (internal/api/mfa.go,
 * verifyTOTPFactor). GoTrue sends it after the change is made and only logs a failure, so
 * nothing here can fail the request: without SMTP, the notice is simply not sent.
 */
export function sendAccountNotice(
  mailbox: Mailbox,
  settings: EmailSettings,
  notice: AccountNotice,
  options: { to: string | null; factorType?: string },
  /** Takes one of the project's emails for this hour; false when they are spent. */
  takeEmail: () => boolean = () => true,
): MailMessage | undefined {
  const content = settings.notifications[notice]
  if (!content || !options.to || !settings.smtpEnabled || !takeEmail()) return undefined
  const fields: Record<string, string> = { SiteURL: settings.siteUrl, Email: options.to }
  if (notice === 'mfa_factor_enrolled') fields.FactorType = options.factorType ?? 'totp'
  const where = `auth.email.notification.${notice}`
  const html = content.html ? renderEmailTemplate(content.html, fields, where) : undefined
  return mailbox.send({
    to: options.to,
    subject: content.subject ?? NOTICE_SUBJECTS[notice],
    type: `${notice}_notification`,
    text: html ? emailText(html) : NOTICE_SUBJECTS[notice],
    html,
    links: [],
    otp: '',
  })
}
