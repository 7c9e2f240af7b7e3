/**
 * The auth client's validation texts for the sign-in calls, word for word (supabase-js raises
 * them too; docs/product.md lists every text kept as written).
 */
export const CREDENTIALS_REQUIRED =
  'You must provide either an email or phone number and a password'
export const RESEND_REQUIRED = 'You must provide either an email or phone number and a type'
