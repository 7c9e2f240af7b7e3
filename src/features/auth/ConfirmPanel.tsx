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
import {
  EMAIL_LINK_KIND_PARAM,
  EMAIL_LINK_PARAM,
  findEmailLink,
  forgetEmailLink,
  readEmailLinkKind,
  type EmailLinkKind,
} from './emailLinks'
import {
  CONFIRM_PROBLEM_MESSAGES,
  ONE_ADDRESS_CONFIRMED_MESSAGES,
  RESET_LINK_OPENED_ELSEWHERE,
  quoteAddressError,
} from './confirmMessages'
import { describeAuthError } from './describeAuthError'
import { readStoredSession } from './session'
import { storageKeyFor } from './sessionKey'
import { loadSupabase, supabaseSettings } from './supabaseClient'
import { useAuthRedirect } from './useAuthRedirect'
import { useSafeNavigate } from '../../app/useSafeNavigate'

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

/** The code in the address needs a verifier this browser does not have (another browser asked). */
function openedInAnotherBrowser(failure: unknown): boolean {
  return (failure as { code?: unknown } | null)?.code === 'pkce_code_verifier_not_found'
}

/** Where to ask for another link like the one that did not work, and how to say it. */
function newLinkFor(kind: EmailLinkKind | null): { to: string; words: string } {
  return kind === 'recovery'
    ? { to: '/login?mode=forgot', words: 'ask for a new reset link' }
    : { to: '/login?mode=magic', words: 'ask for a new link' }
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
  if (
    (problem === 'address-error' || problem === 'service-failed') &&
    detail !== UNDESCRIBED_ADDRESS_ERROR
  )
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
  const { goBack, target } = useAuthRedirect()
  const navigate = useSafeNavigate()
  const [view, setView] = useState<ConfirmView>({ kind: 'working' })
  const callback = useRef<CallbackResult | null>(null)
  const nonce = useRef<string | null>(null)
  const linkKind = useRef<EmailLinkKind | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)

  const signIn = async () => {
    setView({ kind: 'working' })
    try {
      await completeSignIn(callback.current as CallbackResult)
      if (nonce.current) forgetEmailLink(window.localStorage, nonce.current, nowSeconds())
      goBack()
    } catch (failure) {
      const elsewhere = openedInAnotherBrowser(failure)
      // The auth service confirms a sign-up's address before it hands out the code (GoTrue
      // v2.196 internal/api/verify.go, verifyGet: signupVerify, then issueAuthCode), so the
      // account is ready: /success says so and leads to signing in here.
      if (elsewhere && linkKind.current === 'signup')
        return navigate(
          `/success?${new URLSearchParams({ from: 'email-confirmed', redirect: target })}`,
          { replace: true },
        )
      setView({
        kind: 'refused',
        problem: 'failed',
        message:
          elsewhere && linkKind.current === 'recovery'
            ? RESET_LINK_OPENED_ELSEWHERE
            : await describeAuthError(failure),
        detail: null,
      })
    }
  }

  useEffect(() => {
    // Codes are single-use: React's development double effects must not spend it twice.
    if (callback.current) return
    const href = window.location.href
    callback.current = parseAuthCallback(href, nowSeconds())
    const params = new URL(href).searchParams
    nonce.current = params.get(EMAIL_LINK_PARAM)
    linkKind.current = readEmailLinkKind(params.get(EMAIL_LINK_KIND_PARAM))
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
    const newLink = newLinkFor(linkKind.current)
    return (
      <section aria-labelledby="confirm-title">
        <h1 id="confirm-title" ref={heading} tabIndex={-1}>
          {view.problem === 'no-session'
            ? 'Nothing to sign in with'
            : linkKind.current === 'recovery'
              ? 'We could not open your reset link'
              : 'We could not sign you in'}
        </h1>
        <FormMessage kind="error">{view.message}</FormMessage>
        <RefusalDetail problem={view.problem} detail={view.detail} />
        <p>
          {signedIn ? (
            <>
              <Link to="/dashboard">Back to your dashboard</Link>, or{' '}
              <Link to={newLink.to}>{newLink.words}</Link>.
            </>
          ) : (
            <>
              <Link to="/login">Sign in with your password</Link>, or{' '}
              <Link to={newLink.to}>{newLink.words}</Link>.
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
