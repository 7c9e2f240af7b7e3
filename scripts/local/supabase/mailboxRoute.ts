import type { Mailbox } from './auth/mailbox.ts'
import { MAILBOX_PAGE_CSP, mailboxPage } from './mailboxPage.ts'
import { json } from './http/respond.ts'
import type { Handler } from './http/server.ts'

/** A browser opening the address gets the page; scripts and tests (`fetch`, curl) get JSON. */
function wantsPage(req: Request, url: URL): boolean {
  const format = url.searchParams.get('format')
  if (format) return format === 'html'
  return (req.headers.get('accept') ?? '').includes('text/html')
}

/**
 * GET /__mailbox?email=… — the local inbox: an HTML page for people (newest first), and
 * `{ messages }` oldest first for tests and scripts (`?format=json` forces it).
 */
export function mailboxRoute(mailbox: Mailbox): Handler {
  return async (req) => {
    if (req.method !== 'GET') return json(405, { message: 'Use GET' })
    const url = new URL(req.url)
    const email = url.searchParams.get('email')?.trim() || undefined
    const messages = mailbox.list(email)
    if (!wantsPage(req, url)) return json(200, { messages })
    return new Response(mailboxPage(messages, email), {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': MAILBOX_PAGE_CSP,
        'cache-control': 'no-store',
      },
    })
  }
}
