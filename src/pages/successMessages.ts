/**
 * What /success says, for each flow that leads there (`/success?from=<flow>`): the contact
 * form, a password chosen from a reset link (which also signed out every other device), and
 * a sign-up link opened in another browser than the one that signed up (other email links sign
 * the person in and go on to where they were going).
 */
export interface SuccessMessage {
  lead: string
  body: string
  /** Where the person most likely goes next. */
  next: { to: string; label: string }
  /** The next link keeps the address's way back (`?redirect=`): where the person was headed. */
  keepsRedirect?: boolean
}

const HOME = { to: '/', label: 'Back to the home page' }

export const SUCCESS_MESSAGES = {
  contact: {
    lead: 'Your message is on its way.',
    body: 'We answer by email within two working days.',
    next: HOME,
  },
  'password-reset': {
    lead: 'Your password is changed.',
    body: 'Every other device signed in to this account has been signed out, and signs in with the new one.',
    next: { to: '/dashboard', label: 'Open your notes' },
  },
  'email-confirmed': {
    lead: 'Your email address is confirmed.',
    body: 'Your Folio account is ready. The link was opened in a different browser from the one you signed up in, so sign in here with your email and password.',
    next: { to: '/login', label: 'Sign in' },
    keepsRedirect: true,
  },
} satisfies Record<string, SuccessMessage>

export type SuccessFlow = keyof typeof SUCCESS_MESSAGES

const GENERIC: SuccessMessage = {
  lead: 'Your request went through.',
  body: 'There is nothing more to do here.',
  next: HOME,
}

export function successMessageFor(from: string | null): SuccessMessage {
  return from && Object.hasOwn(SUCCESS_MESSAGES, from)
    ? SUCCESS_MESSAGES[from as SuccessFlow]
    : GENERIC
}
