import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import type { Session } from '@supabase/supabase-js'
import { useSafeNavigate } from '../../app/useSafeNavigate'
import { CALLBACK_PATH, LOGIN_PATH, guardExcludeList, type SignedOutState } from '../../routeRules'
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
    if (!readStoredAuth()) return redirectToLogin()
    void (async () => {
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
    })()
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
