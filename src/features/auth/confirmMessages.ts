/**
 * What /confirm says when it will not sign anyone in (confirmDecision.ts), always in our words.
 * An error the auth service put in the address is also shown as it came (docs/product.md), but
 * only quoted beneath ours (`quoteAddressError`): anyone can write that text into a link. Kept
 * apart from messages.ts so the sign-in forms, which share that module, do not carry them.
 */
export const CONFIRM_PROBLEM_MESSAGES = {
  'address-error':
    'The link could not be used: links from our emails work once, for a limited time. Nothing about your account has changed.',
  'service-failed':
    'Our sign-in service failed while opening this link: the fault is ours, not the link’s. Nothing about your account has changed. Open the link again in a few minutes, or ask for a new one.',
  'no-session':
    'This page finishes signing in from a link in one of our emails, and there is no link here to finish. Open the link from the email again (all of it, if your mail app broke it over two lines), or ask for a new one.',
  'tokens-in-query':
    'This link tries to sign you in with a session written into the address. Our emails never do that, so we did not use it, and nothing about your account has changed.',
  'email-change-not-started-here':
    'This link completes a change of an account’s email address. It was not asked for in this browser, so we did not sign you in with it. If you made the change, sign in with the new address. If you did not, reset your password now: that signs out every other device.',
  'not-started-here':
    'This sign-in link was not asked for in this browser, so we did not use it, and nothing about your account has changed. If you asked for it, open it in the browser you asked from, or ask for a new link here.',
} as const

/**
 * A reset link opened in a browser that did not ask for it: its code needs the verifier
 * supabase-js kept where the link was asked for, so a new link is the way on.
 */
export const RESET_LINK_OPENED_ELSEWHERE =
  'This password reset link was asked for in another browser or on another device. Open it there, or ask for a new reset link here.'

/**
 * The first of an email change's two confirmations (parseAuthCallback.ts): nothing has changed
 * yet, and nobody was signed in. Said without naming either address: the address came from a
 * link anyone can write.
 */
export const ONE_ADDRESS_CONFIRMED_MESSAGES = {
  done: 'This address is confirmed for the change of your account’s email address. The change is made only when the link we sent to the other address is followed as well: your current address if this is the new one, or the new address if this is your current one. Until then your account keeps its address, and this link has not signed you in.',
  notYou:
    'If you did not ask to change your email address, do not follow the other link, and change your password now: that cancels the change and signs out every other device.',
} as const

/**
 * The service's own descriptions are a sentence ("Email link is invalid or has expired"); a
 * longer one was written by whoever made the link, so it is cut there.
 */
const QUOTE_LIMIT = 200

/**
 * An error description or message from the address, as the service's words, never as the
 * site's.
 */
export function quoteAddressError(description: string): string {
  const quoted =
    description.length > QUOTE_LIMIT
      ? `${description.slice(0, QUOTE_LIMIT).trimEnd()}…`
      : description
  return `The sign-in service said: “${quoted}”`
}
