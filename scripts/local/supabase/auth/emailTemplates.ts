/**
 * The email templates of supabase/config.toml, rendered as hosted GoTrue renders them: a Go
 * html/template executed with the fields each kind of email has (supabase/auth
 * internal/mailer/templatemailer/templatemailer.go: ConfirmationMail, MagicLinkMail,
 * RecoveryMail, EmailChangeMail, PasswordChangedNotificationMail,
 * MFAFactorEnrolledNotificationMail, MFAFactorUnenrolledNotificationMail).
 *
 * Only `{{ .Field }}` is rendered here, HTML-escaped as html/template does in text and quoted
 * attributes. Anything else (conditions, pipelines) and any field the kind does not have is an
 * error, so a template cannot say something in production that the local mailbox did not show.
 */

import { escapeHtml } from '../escapeHtml.ts'

export class EmailTemplateError extends Error {}

/** Renders `source` with `fields`; `where` names the template in errors. */
export function renderEmailTemplate(
  source: string,
  fields: Record<string, string>,
  where: string,
): string {
  return source.replace(/\{\{(.*?)\}\}/gs, (_, action: string) => {
    const field = /^\s*\.([A-Za-z]+)\s*$/.exec(action)?.[1]
    if (!field)
      throw new EmailTemplateError(`${where}: only {{ .Field }} is supported, got {{${action}}}`)
    const value = fields[field]
    if (value === undefined)
      throw new EmailTemplateError(
        `${where}: GoTrue gives this email no field .${field} (it has ${Object.keys(fields)
          .map((name) => `.${name}`)
          .join(', ')})`,
      )
    return escapeHtml(value)
  })
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#34': '"',
  '#39': "'",
}

/** The words of an HTML email, one paragraph a line: what the mailbox page and tests read. */
export function emailText(html: string): string {
  return html
    .replace(/<(head|style)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/\s+/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|div|li)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (entity, name: string) => {
      if (ENTITIES[name]) return ENTITIES[name]
      const code = /^#(\d+)$/.exec(name)?.[1]
      return code ? String.fromCodePoint(Number(code)) : entity
    })
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
}
