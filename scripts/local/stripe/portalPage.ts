/**
 * The stand-in's customer portal page (what billing.stripe.com/p/session/… is for real
 * Stripe): the customer's subscriptions with cancel (at period end), resume and a switch
 * between monthly and yearly, each a plain form POST so it works without script.
 */
import type { StripeObject } from './stripeObjects.ts'

export type PortalAction = 'cancel' | 'resume' | 'switch'

export interface PortalView {
  sessionPath: string
  returnUrl: string | null
  email: string | null
  subscriptions: {
    subscription: StripeObject
    productName: string
    amount: number
    currency: string
    interval: string
    /** The other interval's price of the same product, if there is one. */
    switchTo: { id: string; interval: string; amount: number } | null
  }[]
  notice: string | null
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

const money = (amount: number, currency: string) =>
  `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`

const day = (seconds: unknown) =>
  typeof seconds === 'number'
    ? new Date(seconds * 1000).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : 'the end of the period'

function periodEnd(subscription: StripeObject): unknown {
  const item = (subscription.items as { data: StripeObject[] }).data[0]
  return item?.current_period_end
}

function actionForm(view: PortalView, id: string, action: PortalAction, label: string): string {
  const primary = action === 'cancel' ? ' danger' : action === 'resume' ? ' primary' : ''
  return `<form method="post" action="${escapeHtml(view.sessionPath)}/${action}">
      <input type="hidden" name="subscription" value="${escapeHtml(id)}">
      <button type="submit" class="button${primary}">${escapeHtml(label)}</button>
    </form>`
}

function subscriptionCard(view: PortalView, entry: PortalView['subscriptions'][number]): string {
  const { subscription, switchTo } = entry
  const ending = subscription.cancel_at_period_end === true
  const live = subscription.status === 'active' || subscription.status === 'trialing'
  const state = !live
    ? `Status: ${escapeHtml(String(subscription.status))}.`
    : ending
      ? `Cancels on ${day(periodEnd(subscription))}. You keep Pro until then.`
      : `Renews on ${day(periodEnd(subscription))}.`
  const actions = !live
    ? ''
    : [
        ending
          ? actionForm(view, subscription.id, 'resume', 'Resume subscription')
          : actionForm(view, subscription.id, 'cancel', 'Cancel subscription'),
        switchTo
          ? actionForm(
              view,
              subscription.id,
              'switch',
              `Switch to ${switchTo.interval === 'year' ? 'yearly' : 'monthly'} (${money(switchTo.amount, entry.currency)} per ${switchTo.interval})`,
            )
          : '',
      ].join('')
  return `<section class="card" aria-label="${escapeHtml(entry.productName)} subscription">
    <h2>${escapeHtml(entry.productName)}</h2>
    <p class="price">${money(entry.amount, entry.currency)} per ${escapeHtml(entry.interval)}</p>
    <p>${state}</p>
    <div class="actions">${actions}</div>
  </section>`
}

export function portalPage(view: PortalView): string {
  const back = view.returnUrl
    ? `<a class="back" href="${escapeHtml(view.returnUrl)}">← Return to Folio</a>`
    : ''
  const list = view.subscriptions.length
    ? view.subscriptions.map((entry) => subscriptionCard(view, entry)).join('')
    : '<p>No subscriptions on this account.</p>'
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Billing portal (test mode)</title>
<link rel="icon" href="data:,">
<style>
  :root { color-scheme: light dark; --bg: #f6f8fa; --card: #fff; --text: #1a1f36; --muted: #5b6478;
    --line: #d8dee8; --accent: #635bff; --danger: #c0123c; }
  @media (prefers-color-scheme: dark) { :root { --bg: #0f1320; --card: #181d2e; --text: #e8ebf5;
    --muted: #a3abc2; --line: #2c3350; --accent: #8f89ff; --danger: #ff6b8b; } }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: var(--bg); color: var(--text); }
  main { max-width: 40rem; margin: 0 auto; padding: 2rem 1rem; }
  .badge { display: inline-block; font-size: .75rem; font-weight: 600; padding: .1rem .5rem;
    border-radius: 999px; background: #ffde92; color: #5c3b00; }
  .card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 1.25rem; margin: 1rem 0; }
  .card h2 { margin: 0 0 .25rem; font-size: 1.2rem; }
  .price, .muted { color: var(--muted); margin: 0 0 .75rem; }
  .actions { display: flex; flex-wrap: wrap; gap: .5rem; }
  form { margin: 0; }
  .button { font: inherit; padding: .55rem 1rem; border-radius: 8px; border: 1px solid var(--line);
    background: var(--card); color: var(--text); cursor: pointer; min-height: 44px; }
  .button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
  .button.danger { color: var(--danger); border-color: var(--danger); }
  .button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  a { color: var(--accent); }
  .notice { border-left: 4px solid var(--accent); background: var(--card); padding: .75rem 1rem; border-radius: 8px; }
</style>
</head>
<body>
<main>
  ${back}
  <h1>Billing portal <span class="badge">Test mode</span></h1>
  <p class="muted">${view.email ? `Signed in as ${escapeHtml(view.email)}. ` : ''}This page stands in for Stripe's customer portal on this machine.</p>
  ${view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>` : ''}
  ${list}
</main>
</body>
</html>`
}
