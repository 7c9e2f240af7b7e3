/**
 * What /success says, for each flow that leads there (`/success?from=<flow>`). Today only the
 * contact form does (email links sign the person in and go on to where they were going).
 */
export interface SuccessMessage {
  lead: string
  body: string
  /** Where the person most likely goes next. */
  next: { to: string; label: string }
}

const HOME = { to: '/', label: 'Back to the home page' }

export const SUCCESS_MESSAGES = {
  contact: {
    lead: 'Your message is on its way.',
    body: 'We answer by email within two working days.',
    next: HOME,
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
