/**
 * Calls to Folio's billing functions as the signed-in user. Every answer becomes either data or
 * `{ status, code, message }` with a sentence to show; status 0 means the network failed.
 */
import { loadSupabase } from '../auth'
import { LIVE_SUBSCRIPTION_STATUSES } from '../../../supabase/functions/_shared/subscriptionStatuses'

export type FunctionResult<T> =
  { ok: true; data: T } | { ok: false; status: number; code: string; message: string }

const NETWORK_MESSAGE = 'We could not reach Folio. Check your connection and try again.'

export async function callBillingFunction<T>(
  name: string,
  body: object = {},
): Promise<FunctionResult<T>> {
  try {
    const supabase = await loadSupabase()
    const { data, error } = await supabase.functions.invoke<T>(name, { body })
    if (!error) return { ok: true, data: data as T }
    const response = (error as { context?: unknown }).context
    if (!(response instanceof Response))
      return { ok: false, status: 0, code: 'network', message: NETWORK_MESSAGE }
    const payload = (await response.json().catch(() => ({}))) as { code?: string; error?: string }
    return {
      ok: false,
      status: response.status,
      code: payload.code ?? 'unknown',
      message: payload.error ?? 'Something went wrong on our side. Please try again.',
    }
  } catch {
    return { ok: false, status: 0, code: 'network', message: NETWORK_MESSAGE }
  }
}

/** Statuses that still have a subscription to manage (the function refuses a second one). */

/**
 * Whether the signed-in user already subscribes to Folio Pro (their own rows, readable through
 * RLS; products are public). A subscription to another product does not count, as in
 * create-checkout-session.
 */
export async function hasLiveSubscription(): Promise<boolean> {
  try {
    const supabase = await loadSupabase()
    const { data } = await supabase
      .from('subscriptions')
      .select('prices(products(metadata))')
      .in('status', LIVE_SUBSCRIPTION_STATUSES)
      .returns<{ prices: { products: { metadata: { plan?: unknown } | null } | null } | null }[]>()
    return (data ?? []).some((row) => row.prices?.products?.metadata?.plan === 'pro')
  } catch {
    return false // the function checks again and answers 409
  }
}

export interface CheckoutStatus {
  status: 'open' | 'complete' | 'expired' | null
  paymentStatus: string
  recorded: boolean
  subscription: {
    status: string
    plan: string | null
    interval: string | null
    unitAmount: number | null
    currency: string | null
    currentPeriodEnd: string
    cancelAtPeriodEnd: boolean
  } | null
}
