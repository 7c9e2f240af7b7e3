import { appendFile, mkdir } from 'node:fs/promises'
import path from 'node:path'

export interface MailMessage {
  id: string
  to: string
  subject: string
  /** signup | magiclink | recovery | email_change */
  type: string
  text: string
  /** The message as sent, when config.toml gives its kind a template. */
  html?: string
  /** Links in the message, in order (verify links first). */
  links: string[]
  /** The six-digit code, for flows that type it instead of clicking. */
  otp: string
  sent_at: string
}

/**
 * The local stand-in for an SMTP server: every message is kept in memory (served at
 * /__mailbox for tests and developers) and, when a file is given, appended as JSON lines.
 */
export class Mailbox {
  private readonly messages: MailMessage[] = []
  private writes: Promise<void> = Promise.resolve()

  constructor(private readonly file?: string) {}

  send(message: Omit<MailMessage, 'id' | 'sent_at'>): MailMessage {
    const stored: MailMessage = {
      ...message,
      id: crypto.randomUUID(),
      sent_at: new Date().toISOString(),
    }
    this.messages.push(stored)
    const file = this.file
    if (file) {
      this.writes = this.writes
        .then(async () => {
          await mkdir(path.dirname(file), { recursive: true })
          await appendFile(file, `${JSON.stringify(stored)}\n`)
        })
        .catch((error: unknown) => console.error('[mailbox] could not write', file, error))
    }
    return stored
  }

  /** Messages for one address (all when omitted), oldest first. */
  list(email?: string): MailMessage[] {
    const wanted = email?.toLowerCase()
    return this.messages.filter((m) => wanted === undefined || m.to.toLowerCase() === wanted)
  }

  latest(email: string): MailMessage | undefined {
    return this.list(email).at(-1)
  }

  flush(): Promise<void> {
    return this.writes
  }
}
