/**
 * How often one signed-in user may call each billing function. Every call to Stripe costs
 * Folio (API rate limits shared by all customers, sessions that litter the dashboard), so a
 * script must not be able to loop on them. The count lives in the database
 * (public.count_billing_call, migration 20261123002200_billing_call_limits.sql), so every
 * function instance shares it.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { HttpError } from './http.ts'

export interface CallLimit {
  maxCalls: number
  windowSeconds: number
}

export const BILLING_CALL_LIMITS = {
  // A person opens checkout a handful of times at most: reloads, switching month and year.
  'create-checkout-session': { maxCalls: 10, windowSeconds: 600 },
  // The success page checks once a second for half a minute; this allows four full rounds.
  'checkout-session-status': { maxCalls: 120, windowSeconds: 600 },
  'create-portal-session': { maxCalls: 10, windowSeconds: 600 },
} satisfies Record<string, CallLimit>

export type BillingFunction = keyof typeof BILLING_CALL_LIMITS

/** Counts this call; 429 (with Retry-After) when the user is over the function's allowance. */
export async function countBillingCall(
  db: SupabaseClient,
  functionName: BillingFunction,
  userId: string,
): Promise<void> {
  const { maxCalls, windowSeconds } = BILLING_CALL_LIMITS[functionName]
  const { data, error } = await db.rpc('count_billing_call', {
    function_name: functionName,
    caller: userId,
    max_calls: maxCalls,
    window_seconds: windowSeconds,
  })
  if (error) throw new Error(`count_billing_call failed: ${error.message}`)
  const retryAfter = Number(data)
  if (retryAfter > 0)
    throw new HttpError(
      429,
      'rate_limited',
      'Too many billing requests in a few minutes. Please wait a few minutes and try again.',
      { 'retry-after': String(retryAfter) },
    )
}
