import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { FormMessage } from '../../components/FormMessage'
import { parseAuthCallback } from './callbackUrl'
import { authErrorMessage } from './messages'
import { loadSupabase } from './supabaseClient'
import { useAuthRedirect } from './useAuthRedirect'

/**
 * /confirm, the auth callback: completes an email link (PKCE code or implicit-flow session),
 * then returns to the page that was asked for. Errors in the address are shown as they are.
 */
export function ConfirmPanel() {
  const { target, goBack } = useAuthRedirect()
  const [error, setError] = useState<string | null>(null)
  const started = useRef(false)

  useEffect(() => {
    // Codes are single-use: React's development double effects must not spend it twice.
    if (started.current) return
    started.current = true
    const result = parseAuthCallback(window.location.href, Math.floor(Date.now() / 1000))
    if (result.kind === 'error') return setError(result.message)
    void (async () => {
      try {
        const supabase = await loadSupabase()
        if (result.kind === 'pkce') {
          const { error: failure } = await supabase.auth.exchangeCodeForSession(result.code)
          if (failure) throw failure
        } else {
          if (result.warning) console.warn(result.warning)
          const { error: failure } = await supabase.auth.setSession({
            access_token: result.session.access_token,
            refresh_token: result.session.refresh_token,
          })
          if (failure) throw failure
        }
        goBack()
      } catch (failure) {
        setError(authErrorMessage(failure))
      }
    })()
  }, [goBack, target])

  return (
    <section aria-labelledby="confirm-title">
      <h1 id="confirm-title">{error ? 'We could not sign you in' : 'Signing you in…'}</h1>
      {error ? (
        <>
          <FormMessage kind="error">{error}</FormMessage>
          <p>
            <Link to="/login?mode=magic">Ask for a new link</Link> or{' '}
            <Link to="/login">sign in with your password</Link>.
          </p>
        </>
      ) : (
        <p className="status-note" role="status">
          One moment while we check your link.
        </p>
      )}
    </section>
  )
}
