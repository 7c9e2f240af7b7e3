import type { PlanId } from './types'

/**
 * The plan as Folio last answered it in this tab, for whom: the dashboard asks on load, the
 * account page when it reads the subscription. Offline, the account page shows it rather than
 * nothing or a guessed Free. In memory only, and only for the user it was asked for: a plan is
 * the server's to say, and a reload (or another person signing in on the tab) asks again.
 */
let known: { userId: string; plan: PlanId } | null = null

export function rememberPlan(userId: string, plan: PlanId): void {
  known = { userId, plan }
}

export function knownPlan(userId: string): PlanId | null {
  return known?.userId === userId ? known.plan : null
}
