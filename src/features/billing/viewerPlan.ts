/**
 * Which plan the person looking at /pricing is on. Loaded after hydration and only for
 * someone with a stored session, so visitors never download supabase-js for it.
 */
import { loadSupabase } from '../auth'
import type { PlanId } from './plans'
import { formatLocalDay } from '../../lib/formatDate'
import { LIVE_SUBSCRIPTION_STATUSES } from '../../../supabase/functions/_shared/subscriptionStatuses'

export type Viewer =
  | { status: 'unknown' }
  | { status: 'visitor' }
  /**
   * `paying`: a subscription Stripe's portal can manage (past due included). `endsOn`: the
   * day a subscription cancelled in the portal ends (it stays Pro until then), written out.
   */
  | { status: 'signed-in'; plan: PlanId; paying: boolean; endsOn: string | null }

/** Statuses that still have a subscription to manage, as the account panel counts them. */

export async function loadViewerPlan(): Promise<Viewer> {
  const supabase = await loadSupabase()
  const { data: session } = await supabase.auth.getSession()
  if (!session.session) return { status: 'visitor' }
  const [plan, subscriptions] = await Promise.all([
    supabase.rpc('current_plan'),
    supabase
      .from('subscriptions')
      .select('status, cancel_at_period_end, current_period_end')
      .in('status', LIVE_SUBSCRIPTION_STATUSES)
      .order('current_period_end', { ascending: false })
      .limit(1),
  ])
  const subscription = subscriptions.data?.[0] as
    { cancel_at_period_end: boolean | null; current_period_end: string } | undefined
  return {
    status: 'signed-in',
    // Unknown counts as Free: the page then offers the upgrade, which checkout re-checks.
    plan: !plan.error && plan.data === 'pro' ? 'pro' : 'free',
    paying: Boolean(subscription),
    endsOn: subscription?.cancel_at_period_end
      ? formatLocalDay(subscription.current_period_end)
      : null,
  }
}
