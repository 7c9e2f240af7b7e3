/**
 * Stripe subscription statuses as Folio reads them, for the functions and the pages alike.
 * A live subscription is one there is still something to manage for (shown in account settings;
 * paying again would charge twice); only some of them unlock Pro.
 */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'paused']

/** Statuses that unlock Pro (private.is_pro in the billing migrations). */
export const PRO_STATUSES = ['active', 'trialing']
