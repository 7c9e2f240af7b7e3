import '../../styles/forms.css'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { FormMessage } from '../../components/FormMessage'
import { useFocusOnShow } from '../../components/useFocusOnShow'
import {
  parseAuthCallback,
  UNDESCRIBED_ADDRESS_ERROR,
  type CallbackResult,
} from './parseAuthCallback'
import {
  decideConfirm,
  type AccountIdentity,
  type ConfirmDecision,
  type ConfirmProblem,
} from './confirmDecision'
import { EMAIL_LINK_PARAM, findEmailLink, forgetEmailLink } from './emailLinks'
import {
  CONFIRM_PROBLEM_MESSAGES,
  ONE_ADDRESS_CONFIRMED_MESSAGES,
  quoteAddressError,
} from './confirmMessages'
import { describeAuthError } from './describeAuthError'
import { readStoredSession } from './session'
import { storageKeyFor } from './sessionKey'
import { loadSupabase, supabaseSettings } from './supabaseClient'
import { useAuthRedirect } from './useAuthRedirect'

type ConfirmView =
  | { kind: 'working' }
  | { kind: 'ask'; current: AccountIdentity; incoming: AccountIdentity }
  | { kind: 'refused'; problem: ConfirmProblem | 'failed'; message: string; detail: string | null }
  | { kind: 'one-address-confirmed'; detail: string }

const nowSeconds = () => Math.floor(Date.now() / 1000)

/** Who is signed in here, from the stored session (without loading supabase-js to ask). */
function signedInAccount(): AccountIdentity | null {
  let user
  try {
    user = readStoredSession(window.localStorage, storageKeyFor(supabaseSettings().url))?.user
  } catch {
    return null
  }
  return user ? { id: user.id, email: user.email ?? null } : null
}

async function completeSignIn(callback: CallbackResult): Promise<void> {
  const supabase = await loadSupabase()
  if (callback.kind === 'pkce') {
    const { error } = await supabase.auth.exchangeCodeForSession(callback.code)
    if (error) throw error
  } else if (callback.kind === 'implicit') {
    if (callback.warning) console.warn(callback.warning)
    const { error } = await supabase.auth.setSession({
      access_token: callback.session.access_token,
      refresh_token: callback.session.refresh_token,
    })
    if (error) throw error
  }
}

function viewOf(decision: ConfirmDecision): ConfirmView {
  if (decision.kind === 'ask' || decision.kind === 'one-address-confirmed') return decision
  if (decision.kind === 'refuse') {
    const { problem, detail } = decision
    return { kind: 'refused', problem, message: CONFIRM_PROBLEM_MESSAGES[problem], detail }
  }
  return { kind: 'working' }
}

/**
 * Beneath our words: the auth service's description from the address, quoted as its own (a
 * link's author wrote it), or the auth client's text as a technical detail.
 */
function RefusalDetail({
  problem,
  detail,
}: {
  problem: ConfirmProblem | 'failed'
  detail: string | null
}) {
  if (!detail) return null
  if (problem === 'address-error' && detail !== UNDESCRIBED_ADDRESS_ERROR)
    return <p className="status-note">{quoteAddressError(detail)}</p>
  return (
    <p className="status-note">
      Technical detail: <code>{detail}</code>
    </p>
  )
}

/**
 * /confirm, the auth callback: completes an email link this browser asked for (PKCE code, or
 * an implicit-flow session with the link's nonce), asking first if it would replace another
 * signed-in account, then returns to the page that was asked for. See confirmDecision.ts.
 */
export function ConfirmPanel() {
  const { goBack } = useAuthRedirect()
  const [view, setView] = useState<ConfirmView>({ kind: 'working' })
  const callback = useRef<CallbackResult | null>(null)
  const nonce = useRef<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)

  const signIn = async () => {
    setView({ kind: 'working' })
    try {
      await completeSignIn(callback.current as CallbackResult)
      if (nonce.current) forgetEmailLink(window.localStorage, nonce.current, nowSeconds())
      goBack()
    } catch (failure) {
      setView({
        kind: 'refused',
        problem: 'failed',
        message: await describeAuthError(failure),
        detail: null,
      })
    }
  }

  useEffect(() => {
    // Codes are single-use: React's development double effects must not spend it twice.
    if (callback.current) return
    const href = window.location.href
    callback.current = parseAuthCallback(href, nowSeconds())
    nonce.current = new URL(href).searchParams.get(EMAIL_LINK_PARAM)
    const decision = decideConfirm({
      callback: callback.current,
      pending: findEmailLink(window.localStorage, nonce.current, nowSeconds()),
      signedIn: signedInAccount(),
    })
    if (decision.kind === 'sign-in') void signIn()
    else setView(viewOf(decision))
    // signIn reads refs only; running this once per page load is the point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useFocusOnShow(view.kind !== 'working' && view.kind, () => heading.current)

  if (view.kind === 'ask') {
    const current = view.current.email ?? 'another account'
    const incoming = view.incoming.email ?? 'another account'
    return (
      <section aria-labelledby="confirm-title">
        <h1 id="confirm-title" ref={heading} tabIndex={-1}>
          Switch accounts?
        </h1>
        <p>
          You are signed in as <strong>{current}</strong>. This link signs you in as{' '}
          <strong>{incoming}</strong> instead, and whatever you do next happens in that account.
        </p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => void signIn()}>
            Sign in as {incoming}
          </button>
          <button type="button" className="button" onClick={goBack}>
            Stay signed in as {current}
          </button>
        </div>
      </section>
    )
  }

  if (view.kind === 'one-address-confirmed') {
    const signedIn = signedInAccount()
    return (
      <section aria-labelledby="confirm-title">
        <h1 id="confirm-title" ref={heading} tabIndex={-1}>
          One address confirmed
        </h1>
        <FormMessage kind="success">{ONE_ADDRESS_CONFIRMED_MESSAGES.done}</FormMessage>
        <p className="status-note">{quoteAddressError(view.detail)}</p>
        <p>{ONE_ADDRESS_CONFIRMED_MESSAGES.notYou}</p>
        <p>
          {signedIn ? (
            <>
              <Link to="/dashboard/account">Change your password</Link> or{' '}
              <Link to="/dashboard">go back to your dashboard</Link>.
            </>
          ) : (
            <>
              <Link to="/login">Sign in</Link> to change your password, or{' '}
              <Link to="/login?mode=forgot">reset it</Link>.
            </>
          )}
        </p>
      </section>
    )
  }

  if (view.kind === 'refused') {
    const signedIn = signedInAccount()
    return (
      <section aria-labelledby="confirm-title">
        <h1 id="confirm-title" ref={heading} tabIndex={-1}>
          {view.problem === 'no-session' ? 'Nothing to sign in with' : 'We could not sign you in'}
        </h1>
        <FormMessage kind="error">{view.message}</FormMessage>
        <RefusalDetail problem={view.problem} detail={view.detail} />
        <p>
          {signedIn ? (
            <>
              <Link to="/dashboard">Back to your dashboard</Link>, or{' '}
              <Link to="/login?mode=magic">ask for a new link</Link>.
            </>
          ) : (
            <>
              <Link to="/login?mode=magic">Ask for a new link</Link> or{' '}
              <Link to="/login">sign in with your password</Link>.
            </>
          )}
        </p>
      </section>
    )
  }

  return (
    <section aria-labelledby="confirm-title">
      <h1 id="confirm-title">Signing you in…</h1>
      <p className="status-note" role="status">
        One moment while we check your link.
      </p>
    </section>
  )
}
