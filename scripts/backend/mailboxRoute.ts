import type { Mailbox } from './auth/mailbox.ts'
import { json } from './http/respond.ts'
import type { Handler } from './http/server.ts'

/** GET /__mailbox?email=… — the local inbox (messages with their links and codes). */
export function mailboxRoute(mailbox: Mailbox): Handler {
  return async (req) => {
    if (req.method !== 'GET') return json(405, { message: 'Use GET' })
    const email = new URL(req.url).searchParams.get('email') ?? undefined
    return json(200, { messages: mailbox.list(email) })
  }
}
