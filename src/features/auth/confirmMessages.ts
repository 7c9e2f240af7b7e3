/**
 * What /confirm says when it will not sign anyone in (confirmDecision.ts). An error the auth
 * service put in the address is shown as it came (docs/product.md); the rest are ours. Kept
 * apart from messages.ts so the sign-in forms, which share that module, do not carry them.
 */
export const CONFIRM_PROBLEM_MESSAGES = {
  'no-session':
    'This page finishes signing in from a link in one of our emails, and there is no link here to finish. Open the link from the email again (all of it, if your mail app broke it over two lines), or ask for a new one.',
  'tokens-in-query':
    'This link tries to sign you in with a session written into the address. Our emails never do that, so we did not use it, and nothing about your account has changed.',
  'not-started-here':
    'This sign-in link was not asked for in this browser, so we did not use it, and nothing about your account has changed. If you asked for it, open it in the browser you asked from, or ask for a new link here.',
} as const
