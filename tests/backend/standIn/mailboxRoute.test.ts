import { describe, expect, it } from 'vitest'
import { Mailbox } from '../../../scripts/local/supabase/auth/mailbox.ts'
import { mailboxRoute } from '../../../scripts/local/supabase/mailboxRoute.ts'

function filledMailbox() {
  const mailbox = new Mailbox()
  mailbox.send({
    to: 'ada@example.com',
    subject: 'Confirm your signup',
    type: 'signup',
    text: 'Follow this link: http://127.0.0.1:54321/auth/v1/verify?token=first&type=signup',
    links: ['http://127.0.0.1:54321/auth/v1/verify?token=first&type=signup'],
    otp: '123456',
  })
  mailbox.send({
    to: 'mallory@example.com',
    subject: '<script>alert(1)</script>',
    type: 'magiclink',
    text: 'javascript:alert(1) <img src=x onerror=alert(1)>',
    links: ['javascript:alert(1)'],
    otp: '',
  })
  mailbox.send({
    to: 'ada@example.com',
    subject: 'Your magic link',
    type: 'magiclink',
    text: 'Sign in: http://127.0.0.1:54321/auth/v1/verify?token=second&type=magiclink',
    links: ['http://127.0.0.1:54321/auth/v1/verify?token=second&type=magiclink'],
    otp: '654321',
  })
  return mailboxRoute(mailbox)
}

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

async function get(query: string, accept?: string) {
  const route = filledMailbox()
  return route(
    new Request(`http://127.0.0.1:54321/__mailbox${query}`, {
      headers: accept ? { accept } : {},
    }),
  )
}

describe('/__mailbox', () => {
  it('is a page for a browser: newest first, links clickable, filtered by address', async () => {
    const response = await get('?email=ada@example.com', BROWSER_ACCEPT)
    expect(response.headers.get('content-type')).toContain('text/html')
    const html = await response.text()
    expect(html.indexOf('Your magic link')).toBeLessThan(html.indexOf('Confirm your signup'))
    expect(html).toContain(
      '<a href="http://127.0.0.1:54321/auth/v1/verify?token=second&amp;type=magiclink">',
    )
    expect(html).not.toContain('mallory@example.com')
  })

  it('escapes what senders control, links only web addresses and allows no script', async () => {
    const response = await get('', BROWSER_ACCEPT)
    const html = await response.text()
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img')
    expect(html).not.toContain('href="javascript:')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
  })

  it('says so when an address has no mail yet', async () => {
    const html = await (await get('?email=nobody@example.com', BROWSER_ACCEPT)).text()
    expect(html).toContain('No messages for nobody@example.com yet')
  })

  it('stays JSON, oldest first, for scripts and tests (and with ?format=json)', async () => {
    for (const [query, accept] of [
      ['?email=ada@example.com', undefined],
      ['?email=ada@example.com&format=json', BROWSER_ACCEPT],
    ] as const) {
      const response = await get(query, accept)
      expect(response.headers.get('content-type')).toContain('application/json')
      const { messages } = (await response.json()) as { messages: { subject: string }[] }
      expect(messages.map((message) => message.subject)).toEqual([
        'Confirm your signup',
        'Your magic link',
      ])
    }
  })
})
