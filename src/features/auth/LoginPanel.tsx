import '../../styles/forms.css'
import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router-dom'
import { useIsHydrated } from '../../app/useIsHydrated'
import { FormMessage } from '../../components/FormMessage'
import { SIGNED_OUT_HERE_ONLY_STATE, SIGNED_OUT_STATE } from '../../routeRules'
import { PasswordForm } from './PasswordForm'
import { useAuthRedirect } from './useAuthRedirect'
import type { SignedInNotice, StoredAccount } from './SignedInNotice'
import { useSafeNavigate } from '../../app/useSafeNavigate'

// The page opens on the password form; the other modes' forms are fetched once it is
// interactive, so they are there by the time someone switches, but not in the first load.
const laterForms = {
  emailLink: () => import('./EmailLinkForm'),
  mfa: () => import('./MfaChallengeForm'),
  newPassword: () => import('./NewPasswordForm'),
  weakPassword: () => import('./WeakPasswordNotice'),
}
const EmailLinkForm = lazy(() =>
  laterForms.emailLink().then((module) => ({ default: module.EmailLinkForm })),
)
const MfaChallengeForm = lazy(() =>
  laterForms.mfa().then((module) => ({ default: module.MfaChallengeForm })),
)
const NewPasswordForm = lazy(() =>
  laterForms.newPassword().then((module) => ({ default: module.NewPasswordForm })),
)
const WeakPasswordNotice = lazy(() =>
  laterForms.weakPassword().then((module) => ({ default: module.WeakPasswordNotice })),
)

export type LoginMode = 'signin' | 'signup' | 'magic' | 'forgot' | 'reset' | 'mfa'

const tabs: { mode: LoginMode; label: string }[] = [
  { mode: 'signin', label: 'Sign in' },
  { mode: 'signup', label: 'Create account' },
  { mode: 'magic', label: 'Email me a link' },
  { mode: 'forgot', label: 'Forgot password' },
]

const headings: Record<LoginMode, string> = {
  signin: 'Sign in to Folio',
  signup: 'Create your Folio account',
  magic: 'Sign in with a link',
  forgot: 'Reset your password',
  reset: 'Choose a new password',
  mfa: 'Two-factor authentication',
}

const PRERENDERED_PARAMS = new URLSearchParams()

interface WeakPasswordState {
  weakPassword?: string[]
}

function parseMode(value: string | null): LoginMode {
  return (
    (['signin', 'signup', 'magic', 'forgot', 'reset', 'mfa'] as const).find(
      (mode) => mode === value,
    ) ?? 'signin'
  )
}

/** /login: every way in, one mode at a time (the mode and the way back live in the address). */
export function LoginPanel() {
  const [liveParams, setParams] = useSearchParams()
  // The prerendered page was rendered without a query: hydrate as it was (the sign-in mode),
  // then follow the address, so a link to /login?mode=reset does not throw the page away.
  const hydrated = useIsHydrated()
  const params = hydrated ? liveParams : PRERENDERED_PARAMS
  const mode = parseMode(params.get('mode'))
  const location = useLocation()
  // A fresh password form for each visit to a mode (each tab is a navigation), but the same
  // one when hydration turns the prerendered sign-in form into the address's sign-up form:
  // remounted then, it lost what was typed before hydration.
  const formKey = location.key
  const { target, goBack } = useAuthRedirect()
  // Someone already signed in here is told so (SignedInNotice.tsx), but not on the two-factor
  // step or after a recovery link, where a session is there by design.
  const tellsWhoIsSignedIn = mode !== 'reset' && mode !== 'mfa'
  const [signedIn, setSignedIn] = useState<{
    account: StoredAccount
    Notice: typeof SignedInNotice
  } | null>(null)
  useEffect(() => {
    if (!hydrated || !tellsWhoIsSignedIn) return
    // Read once, as the page becomes interactive: signing in here stores a session too, and the
    // notice must not flash up on the way to the next page. Fetched then, with the stored-session
    // reader, so /login's first load carries neither.
    import('./SignedInNotice').then(
      ({ SignedInNotice, storedAccount }) => {
        const account = storedAccount()
        if (account) setSignedIn({ account, Notice: SignedInNotice })
      },
      () => undefined,
    )
    // Only when hydration ends: a later change of mode is no reason to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated])
  const showDone = useSafeNavigate()
  useEffect(() => {
    for (const load of Object.values(laterForms)) {
      load().catch(() => {
        // Offline or a redeploy: the switch itself will try again and report a failure.
      })
    }
  }, [])

  const hrefFor = (next: LoginMode) => {
    const nextParams = new URLSearchParams(params)
    nextParams.set('mode', next)
    return `/login?${nextParams}`
  }
  // Why the password just used breaks the service's rules now, if it does (a breach since it
  // was chosen): said once signed in, after the two-factor step for those who have one. In the
  // history state, so the navigation tells the header someone signed in (DeferredAccountMenu).
  const weakReasons = useRef<string[]>()
  const weakPassword = hydrated ? (location.state as WeakPasswordState | null)?.weakPassword : null
  const signedInFully = () => {
    const weakPassword = weakReasons.current
    if (!weakPassword) return goBack()
    setParams(liveParams, { replace: true, state: { weakPassword } satisfies WeakPasswordState })
  }
  const afterSignIn = (needsMfa: boolean, weak?: string[]) => {
    weakReasons.current = weak
    if (!needsMfa) return signedInFully()
    const nextParams = new URLSearchParams(params)
    nextParams.set('mode', 'mfa')
    setParams(nextParams, { replace: true })
  }

  if (weakPassword)
    return (
      <section className="auth-panel" aria-labelledby="auth-title">
        <h1 id="auth-title">You are signed in</h1>
        <Suspense fallback={<p role="status">Loading…</p>}>
          <WeakPasswordNotice reasons={weakPassword} target={target} />
        </Suspense>
      </section>
    )

  return (
    <section className="auth-panel" aria-labelledby="auth-title">
      <h1 id="auth-title">{headings[mode]}</h1>
      <noscript>
        <p>Signing in needs JavaScript: turn it on for this site, then reload the page.</p>
      </noscript>
      {mode === 'reset' || mode === 'mfa' ? null : (
        <nav className="tabs" aria-label="Ways to sign in">
          {tabs.map((tab) => (
            <Link
              key={tab.mode}
              to={hrefFor(tab.mode)}
              replace
              aria-current={tab.mode === mode ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
      )}
      {/* After hydration, like the mode: the prerendered page was rendered without the state. */}
      {hydrated && location.state === SIGNED_OUT_STATE ? (
        <FormMessage kind="info">You are signed out.</FormMessage>
      ) : null}
      {signedIn && tellsWhoIsSignedIn ? (
        <signedIn.Notice
          account={signedIn.account}
          mode={mode}
          target={target}
          secondFactorHref={hrefFor('mfa')}
        />
      ) : null}
      {hydrated && location.state === SIGNED_OUT_HERE_ONLY_STATE ? (
        <FormMessage kind="info">
          You are signed out here. Your other devices could not be signed out: Folio could not be
          reached. Sign in once online and choose “Sign out everywhere” again.
        </FormMessage>
      ) : null}
      {mode === 'signin' || mode === 'signup' ? (
        <PasswordForm key={formKey} mode={mode} redirectTarget={target} onSignedIn={afterSignIn} />
      ) : (
        // Only around the lazy forms: the prerendered page (the password form) must not contain
        // a boundary, or an update during hydration would make React throw the page away.
        <Suspense fallback={<p role="status">Loading…</p>}>
          {mode === 'magic' ? (
            <EmailLinkForm key="magic" purpose="magic-link" redirectTarget={target} />
          ) : null}
          {mode === 'forgot' ? (
            <EmailLinkForm key="forgot" purpose="recovery" redirectTarget={target} />
          ) : null}
          {mode === 'reset' ? (
            <NewPasswordForm
              purpose="reset"
              onDone={() => showDone('/success?from=password-reset', { replace: true })}
            />
          ) : null}
          {mode === 'mfa' ? <MfaChallengeForm onVerified={signedInFully} /> : null}
        </Suspense>
      )}
    </section>
  )
}
