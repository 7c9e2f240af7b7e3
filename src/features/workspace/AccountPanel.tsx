import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import type { Session } from '@supabase/supabase-js'
import { FormMessage } from '../../components/FormMessage'
import { LoadingInPlace } from '../../components/LoadingInPlace'
import { loadSupabase } from '../auth'
import { NewPasswordForm, SignOutOptions, TwoFactorSettings } from '../auth/account'
import { formatLocalDay } from '../../lib/formatDate'
import { FREE_DOCUMENT_LIMIT } from '../../lib/plans'
import { CHANGE_PASSWORD_STATE } from '../../routeRules'
import { knownPlan, rememberPlan } from './knownPlan'
import type { PlanId } from './types'
import { useOnline } from './useOnline'
import { LIVE_SUBSCRIPTION_STATUSES } from '../../../supabase/functions/_shared/subscriptionStatuses'

interface Subscription {
  status: string
  current_period_end: string
  cancel_at_period_end: boolean | null
}

type SubscriptionState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'read'; subscription: Subscription | null }

/**
 * The signed-in user's own subscription row, readable through row-level security. Offline it
 * is not asked for (documentsApi.ts, offlineAlready, says why), and it is asked for once the
 * browser is back online.
 */
function useSubscription(userId: string, online: boolean): SubscriptionState {
  const [state, setState] = useState<SubscriptionState>({ status: 'loading' })
  useEffect(() => {
    if (!online) return
    let active = true
    void (async () => {
      const supabase = await loadSupabase()
      const { data, error } = await supabase
        .from('subscriptions')
        .select('status, current_period_end, cancel_at_period_end')
        .in('status', LIVE_SUBSCRIPTION_STATUSES)
        .order('current_period_end', { ascending: false })
        .limit(1)
      if (!active) return
      // Not read is not "no subscription": a subscriber would have been shown Free.
      if (error || !data) {
        setState((previous) => (previous.status === 'read' ? previous : { status: 'failed' }))
        return
      }
      const subscription = (data[0] as Subscription | undefined) ?? null
      rememberPlan(userId, subscription ? 'pro' : 'free')
      setState({ status: 'read', subscription })
    })()
    return () => {
      active = false
    }
  }, [userId, online])
  return state
}

/** Laid out, not shown, not read, not focusable: room kept (LoadingInPlace). */
const UNSEEN = { className: 'loading-in-place__room', 'aria-hidden': true } as const

/**
 * The plan, and for a subscriber the way to Stripe's portal. Someone who never subscribed has
 * no billing account there (the portal page could only send them to /pricing): their way on
 * is the upgrade link.
 */
function PlanAndBilling({ userId, online }: { userId: string; online: boolean }) {
  const state = useSubscription(userId, online)
  // Offline, what was read stays; what was not is the plan this tab last heard of.
  const offlinePlan = state.status === 'read' || online ? undefined : knownPlan(userId)
  // While it is checked, the room of the plan this tab last heard of (the dashboard asks), or
  // of Free, which most people are on.
  const expected = knownPlan(userId) ?? 'free'
  const checking = state.status === 'loading' && offlinePlan === undefined
  return (
    <dl className="account-panel__facts">
      <dt>Plan</dt>
      {offlinePlan === undefined ? (
        <PlanSummary state={state} expected={expected} />
      ) : (
        <OfflinePlanSummary plan={offlinePlan} />
      )}
      {(state.status === 'read' && state.subscription) || (checking && expected === 'pro') ? (
        <>
          {/* Checking, only its room (LoadingInPlace): a subscriber's billing link comes with Pro. */}
          <dt {...(checking && UNSEEN)}>Billing</dt>
          <dd {...(checking && UNSEEN)}>
            <Link to="/stripe">Manage billing, invoices and your card</Link>
          </dd>
        </>
      ) : null}
    </dl>
  )
}

function FreePlanWords() {
  return (
    <>
      Free: up to {FREE_DOCUMENT_LIMIT} documents, no image attachments.{' '}
      <Link to="/pricing">Upgrade to Pro</Link>
    </>
  )
}

function FreePlanSummary() {
  return (
    <dd data-testid="account-plan">
      <FreePlanWords />
    </dd>
  )
}

/** A subscriber's plan: Pro, its state, and the day it renews or ends. */
function ProPlanWords({ subscription }: { subscription: Subscription }) {
  const live = subscription.status === 'active' || subscription.status === 'trialing'
  const ending = subscription.cancel_at_period_end
  return (
    <>
      Pro{live ? '' : ` (${subscription.status.replace('_', ' ')})`}
      {' · '}
      {ending ? 'ends on ' : 'renews on '}
      <time dateTime={subscription.current_period_end}>
        {formatLocalDay(subscription.current_period_end)}
      </time>
      {/* Cancelled in the portal: Pro until that day, and the portal can still resume it. */}
      {ending ? '. Nothing is deleted then; resume it in billing to keep Pro.' : null}
    </>
  )
}

/** A subscription renewing in a month, for the room a subscriber's plan takes. */
const RENEWING: Subscription = {
  status: 'active',
  current_period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  cancel_at_period_end: false,
}

function OfflinePlanSummary({ plan }: { plan: PlanId | null }) {
  if (plan === 'free') return <FreePlanSummary />
  return (
    <dd data-testid="account-plan">
      {plan === 'pro'
        ? 'Pro. Its renewal date shows once you are back online.'
        : 'Shown once you are back online.'}
    </dd>
  )
}

function PlanSummary({ state, expected }: { state: SubscriptionState; expected: PlanId }) {
  if (state.status === 'loading')
    return (
      <dd>
        <LoadingInPlace
          expected={
            expected === 'pro' ? <ProPlanWords subscription={RENEWING} /> : <FreePlanWords />
          }
        >
          Checking…
        </LoadingInPlace>
      </dd>
    )
  if (state.status === 'failed')
    return (
      <dd data-testid="account-plan">
        Your plan could not be checked just now. Reload the page to try again.
      </dd>
    )
  const { subscription } = state
  if (!subscription) return <FreePlanSummary />
  return (
    <dd data-testid="account-plan">
      <ProPlanWords subscription={subscription} />
    </dd>
  )
}

/**
 * The account page's settings, one card each: plan and billing, sign-in (email and password),
 * two-factor, sessions.
 */
export function AccountPanel({ session }: { session: Session }) {
  // Opened on the form by the sign-in page's "Change your password" (a password found in a
  // breach, or a signed-in visitor to "Forgot password").
  const opensOnForm = useLocation().state === CHANGE_PASSWORD_STATE
  const [password, setPassword] = useState<'idle' | 'changing' | 'changed' | 'cancelled'>(
    opensOnForm ? 'changing' : 'idle',
  )
  const changePasswordButton = useRef<HTMLButtonElement>(null)
  // A cancelled form gives focus back to the button that opened it, not to the page's start;
  // as the button is put back, like useFocusOnShow, which is not imported here: shared with the
  // account page, it left the sign-in pages' chunk for one of its own, and /login has no bytes
  // to spare for that (the account page renders only in the browser, so a layout effect is fine).
  // Opened, the form takes the button's place and focus would fall to the page: its first field
  // takes it. Saved, the button is back (the word above it says so) and takes it again.
  const passwordForm = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    if (password === 'cancelled' || password === 'changed') changePasswordButton.current?.focus()
    if (password === 'changing') passwordForm.current?.querySelector('input')?.focus()
  }, [password])
  const online = useOnline()
  return (
    <div className="account-settings">
      {online ? null : (
        // Opened from the dashboard with the connection gone, as on a train: the page is there
        // (the dashboard fetched it ahead), and says what it can and cannot do.
        <FormMessage kind="info">
          You are offline. This page shows your account as this device last saw it; changing it
          needs a connection. It catches up by itself once you are back online.
        </FormMessage>
      )}
      <section aria-labelledby="plan-title" className="account-section">
        <h2 id="plan-title">Plan and billing</h2>
        <PlanAndBilling userId={session.user.id} online={online} />
      </section>
      <section aria-labelledby="password-title" className="account-section">
        <h2 id="password-title">Email and password</h2>
        <dl className="account-panel__facts">
          <dt>Email</dt>
          <dd data-testid="account-email">{session.user.email ?? session.user.phone}</dd>
        </dl>
        {password === 'changed' ? (
          <FormMessage kind="success">
            Your password is changed. Every other device signed in to this account has been signed
            out, and signs in with the new one.
          </FormMessage>
        ) : null}
        {password === 'changing' ? (
          <div ref={passwordForm}>
            <NewPasswordForm
              onDone={() => setPassword('changed')}
              onCancel={() => setPassword('cancelled')}
            />
          </div>
        ) : (
          <div className="button-row">
            <button
              ref={changePasswordButton}
              type="button"
              className="button"
              onClick={() => setPassword('changing')}
            >
              Change password
            </button>
          </div>
        )}
      </section>
      <TwoFactorSettings user={session.user} />
      <SignOutOptions />
    </div>
  )
}
