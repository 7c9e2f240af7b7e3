import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import type { Session } from '@supabase/supabase-js'
import { useSafeNavigate } from '../../app/useSafeNavigate'
import { CALLBACK_PATH, LOGIN_PATH, guardExcludeList, type SignedOutState } from '../../routeRules'
import { awaitsSecondFactor } from './session'
import { readStoredAuth } from './storedAuth'
import { decideGuard } from './guard'
import { signedOutHere, signedOutState } from './signOut'
import { loadSupabase } from './supabaseClient'

interface RequireUserProps {
  children: (session: Session) => React.ReactNode
}

const guardConfig = {
  excludes: guardExcludeList,
  loginPath: LOGIN_PATH,
  callbackPath: CALLBACK_PATH,
}

/**
 * Shows its children only to a signed-in user whose session the auth service confirmed (an
 * expired one is refreshed first). Everyone else is sent to sign in and comes back afterwards.
 * Until the answer is known a neutral status shows, so guarded content never flashes.
 */
export function RequireUser({ children }: RequireUserProps) {
  const location = useLocation()
  const navigate = useSafeNavigate()
  const [session, setSession] = useState<Session | null>(null)

  useEffect(() => {
    let cancelled = false
    const redirectToLogin = (state?: SignedOutState) => {
      const decision = decideGuard(location, false, guardConfig)
      if (decision.kind === 'redirect') navigate(decision.to, { replace: true, state })
    }
    // No stored session at all: decide without downloading supabase-js.
    const stored = readStoredAuth()
    if (!stored) return redirectToLogin()
    const confirm = async () => {
      const supabase = await loadSupabase()
      const { data } = await supabase.auth.getSession()
      if (cancelled) return
      if (!data.session) return redirectToLogin()
      const { data: levels } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
      if (cancelled) return
      if (levels?.nextLevel === 'aal2' && levels.currentLevel !== 'aal2') {
        const back = `${location.pathname}${location.search}${location.hash}`
        return navigate(`${LOGIN_PATH}?${new URLSearchParams({ mode: 'mfa', redirect: back })}`, {
          replace: true,
        })
      }
      setSession(data.session)
    }
    // Offline, the stored session is shown as it stands, and confirmed once back online. Asked,
    // supabase-js would first refresh an access token that expired meanwhile (a laptop woken up
    // offline), retrying for up to 30 s (@supabase/auth-js 2.109, _refreshAccessToken), then
    // answer no session: the account page went to the sign-in page, 26 s late, where nobody can
    // sign in offline. Nothing of Folio's is read offline; once online, the service judges the
    // token and every request is row-level security's to allow. Never a half signed in one.
    const offline = navigator.onLine === false && stored.user && !awaitsSecondFactor(stored)
    const confirmOnline = () => void confirm()
    if (offline) {
      // What supabase-js stored is its Session, read without it (session.ts).
      setSession(stored as unknown as Session)
      window.addEventListener('online', confirmOnline, { once: true })
    } else void confirm()
    const unsubscribe = loadSupabase().then(
      (supabase) =>
        supabase.auth.onAuthStateChange((event, next) => {
          // Signed out here, in another tab or by a revoked session: the sign-in page says so,
          // in the words of this tab's own sign-out if it made one (signOut.ts). Only the
          // others are offered the way back to this page once signed in again.
          if (event === 'SIGNED_OUT')
            setTimeout(() => {
              if (signedOutHere()) navigate(LOGIN_PATH, { replace: true, state: signedOutState() })
              else redirectToLogin(signedOutState())
            }, 0)
          else if (next) setSession(next)
        }).data.subscription,
    )
    return () => {
      cancelled = true
      window.removeEventListener('online', confirmOnline)
      void unsubscribe.then((subscription) => subscription.unsubscribe())
    }
    // The check runs once per guarded page visit; location changes inside the page do not re-check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  if (!session) {
    return (
      <p className="status-note" role="status">
        Checking your session…
      </p>
    )
  }
  return <>{children(session)}</>
}
