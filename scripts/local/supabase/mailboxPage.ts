/**
 * The local mailbox as a page a developer opens in the browser: newest message first, links
 * clickable, one address at a time if asked. Everything in a message is escaped, and the page
 * runs no script (its CSP allows none), since addresses and texts come from whoever signed up.
 */
import type { MailMessage } from './auth/mailbox.ts'
import { escapeHtml } from './escapeHtml.ts'

export const MAILBOX_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

/** Only web links become anchors; anything else stays text. */
function linkHtml(link: string): string {
  const safe = /^https?:\/\//i.test(link)
  return safe
    ? `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`
    : `<span>${escapeHtml(link)}</span>`
}

/** The message text with its web links made clickable. */
function textHtml(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, index) => (index % 2 === 1 ? linkHtml(part) : escapeHtml(part)))
    .join('')
}

function messageHtml(message: MailMessage): string {
  const sent = new Date(message.sent_at)
  const links = message.links.length
    ? `<ul class="links">${message.links.map((link) => `<li>${linkHtml(link)}</li>`).join('')}</ul>`
    : ''
  return `<article class="message" aria-labelledby="m-${escapeHtml(message.id)}">
    <header>
      <h2 id="m-${escapeHtml(message.id)}">${escapeHtml(message.subject)}</h2>
      <p class="meta">To <a href="?email=${encodeURIComponent(message.to)}">${escapeHtml(message.to)}</a>
        · <time datetime="${escapeHtml(message.sent_at)}">${escapeHtml(sent.toISOString().replace('T', ' ').slice(0, 19))} UTC</time>
        · ${escapeHtml(message.type)}${message.otp ? ` · code <code>${escapeHtml(message.otp)}</code>` : ''}</p>
    </header>
    <pre>${textHtml(message.text)}</pre>
    ${links}
  </article>`
}

export function mailboxPage(messages: MailMessage[], email: string | undefined): string {
  const newestFirst = [...messages].reverse()
  const heading = email ? `Mail for ${escapeHtml(email)}` : 'All mail'
  const body = newestFirst.length
    ? newestFirst.map(messageHtml).join('\n')
    : `<p class="empty">No messages${email ? ` for ${escapeHtml(email)}` : ''} yet. Sign up or ask for a magic link, then reload this page.</p>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading} · Folio local mailbox</title>
<style>
  :root { color-scheme: light dark; --bg: #f7f7f9; --card: #fff; --text: #1d2330; --muted: #5d6677; --line: #dde1e8; --accent: #2f5bd3; }
  @media (prefers-color-scheme: dark) { :root { --bg: #11141b; --card: #1a1f2a; --text: #e6e9f0; --muted: #a0a8b8; --line: #2d3443; --accent: #8fb0ff; } }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: var(--bg); color: var(--text); }
  main { max-width: 48rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  h1 { margin: 0 0 .25rem; font-size: 1.5rem; }
  form { display: flex; flex-wrap: wrap; gap: .5rem; margin: 1rem 0; align-items: end; }
  label { display: flex; flex-direction: column; font-size: .9rem; color: var(--muted); flex: 1 1 16rem; }
  input, button { font: inherit; padding: .5rem .75rem; border-radius: 8px; border: 1px solid var(--line); background: var(--card); color: var(--text); min-height: 44px; box-sizing: border-box; }
  button { background: var(--accent); border-color: var(--accent); color: #fff; cursor: pointer; }
  a { color: var(--accent); overflow-wrap: anywhere; }
  a:focus-visible, input:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  .message { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 1rem 1.25rem; margin: 1rem 0; }
  .message h2 { margin: 0; font-size: 1.1rem; }
  .meta, .empty { color: var(--muted); font-size: .9rem; margin: .25rem 0 .75rem; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; font: .95rem/1.5 ui-monospace, monospace; margin: 0; }
  .links { padding-left: 1.25rem; }
</style>
</head>
<body>
<main>
  <h1>${heading}</h1>
  <p class="meta">The emails the local backend would have sent, newest first. ${email ? '<a href="?">Show all addresses</a>' : ''}</p>
  <form method="get" role="search">
    <label>Address<input type="email" name="email" value="${escapeHtml(email ?? '')}" placeholder="you@example.com"></label>
    <button type="submit">Show</button>
  </form>
  ${body}
</main>
</body>
</html>`
}
