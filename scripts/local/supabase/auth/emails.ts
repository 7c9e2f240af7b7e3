import type { IssuedToken } from './oneTimeTokens.ts'
import type { Mailbox, MailMessage } from './mailbox.ts'

export type EmailType = 'signup' | 'magiclink' | 'recovery' | 'email_change'

const SUBJECTS: Record<EmailType, string> = {
  signup: 'Confirm your signup',
  magiclink: 'Your magic link',
  recovery: 'Reset your password',
  email_change: 'Confirm email change',
}

const INTROS: Record<EmailType, string> = {
  signup: 'Follow this link to confirm your account:',
  magiclink: 'Follow this link to sign in:',
  recovery: 'Follow this link to reset the password for your account:',
  email_change: 'Follow this link to confirm the update of your email:',
}

/**
 * GoTrue mails both addresses of an email change from the one template, which names the new
 * address (supabase/auth internal/mailer/templatemailer/templatemailer.go EmailChangeMail,
 * `{{ .Email }}` and `{{ .NewEmail }}`), so the current address learns where the account is going.
 */
function introOf(type: EmailType, change?: { from: string; to: string }): string {
  if (type === 'email_change' && change)
    return `Follow this link to confirm the update of your email address from ${change.from} to ${change.to}:`
  return INTROS[type]
}

/**
 * Sends the email GoTrue's default templates would: a link to /auth/v1/verify (which
 * then redirects to the app) plus the six-digit code. PKCE links carry a `pkce_` token.
 */
export function sendAuthEmail(
  mailbox: Mailbox,
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
  const link = new URL(`${options.authUrl}/verify`)
  link.searchParams.set('token', `${options.pkce ? 'pkce_' : ''}${options.token.tokenHash}`)
  link.searchParams.set('type', options.type)
  link.searchParams.set('redirect_to', options.redirectTo)
  const text = `${introOf(options.type, options.change)}\n\n${link.toString()}\n\nOr enter this code: ${options.token.otp}\n`
  return mailbox.send({
    to: options.to,
    subject: SUBJECTS[options.type],
    type: options.type,
    text,
    links: [link.toString()],
    otp: options.token.otp,
  })
}
