/**
 * Stripe's test card numbers, as the stand-in's checkout answers them
 * (https://docs.stripe.com/testing): one that pays, one declined, one that asks for 3-D Secure.
 * The messages are the ones Stripe's checkout shows.
 */
export const TEST_CARDS = {
  pays: '4242424242424242',
  declined: '4000000000000002',
  needsAuthentication: '4000002500003155',
} as const

export type CardOutcome =
  | { kind: 'paid' }
  | { kind: 'requires_action' }
  | { kind: 'refused'; code: string; message: string }

export const DECLINED_MESSAGE = 'Your card was declined.'
export const AUTHENTICATION_FAILED_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.'
export const INVALID_NUMBER_MESSAGE = 'Your card number is invalid.'

/** `authenticated` is what the customer did on the 3-D Secure step (undefined: not shown yet). */
export function cardOutcome(number: string, authenticated?: boolean): CardOutcome {
  const digits = number.replace(/\s+/g, '')
  if (digits === TEST_CARDS.pays) return { kind: 'paid' }
  if (digits === TEST_CARDS.declined)
    return { kind: 'refused', code: 'card_declined', message: DECLINED_MESSAGE }
  if (digits === TEST_CARDS.needsAuthentication) {
    if (authenticated === undefined) return { kind: 'requires_action' }
    return authenticated
      ? { kind: 'paid' }
      : {
          kind: 'refused',
          code: 'payment_intent_authentication_failure',
          message: AUTHENTICATION_FAILED_MESSAGE,
        }
  }
  return { kind: 'refused', code: 'incorrect_number', message: INVALID_NUMBER_MESSAGE }
}
