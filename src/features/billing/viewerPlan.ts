/**
 * Which plan the person looking at /pricing is on. Loaded after hydration and only for
 * someone with a stored session, so visitors never download supabase-js for it.
 */
import { loadSupabase } from '../auth'
import type { PlanId } from './plans'
import { LIVE_SUBSCRIPTION_STATUSES } from '../../../supabase/functions/_shared/subscriptionStatuses'

export type Viewer =
  | { status: 'unknown' }
  | { status: 'visitor' }
  /** `paying`: a subscription Stripe's portal can manage (past due included). */
  | { status: 'signed-in'; plan: PlanId; paying: boolean }

/** Statuses that still have a subscription to manage, as the account panel counts them. */

export async function loadViewerPlan(): Promise<Viewer> {
  const supabase = await loadSupabase()
  const { data: session } = await supabase.auth.getSession()
  if (!session.session) return { status: 'visitor' }
  const [plan, subscriptions] = await Promise.all([
    supabase.rpc('current_plan'),
    supabase
      .from('subscriptions')
      .select('status')
      .in('status', LIVE_SUBSCRIPTION_STATUSES)
      .limit(1),
  ])
  return {
    status: 'signed-in',
    // Unknown counts as Free: the page then offers the upgrade, which checkout re-checks.
    plan: !plan.error && plan.data === 'pro' ? 'pro' : 'free',
    paying: (subscriptions.data?.length ?? 0) > 0,
  }
}
