import { useState } from 'react'
import { useSafeNavigate } from '../../app/useSafeNavigate'
import { FormMessage } from '../../components/FormMessage'
import { authErrorMessage } from '../../lib/serviceErrorMessages'
import { useLeftoverDraftsQuestion } from './useLeftoverDraftsQuestion'
import { signOutWith, signedOutState, type SignOutScope as Scope } from './signOut'
import { loadSupabase } from './supabaseClient'
import { useAuthState } from './useAuthState'

const labels: Record<Scope, string> = {
  local: 'Sign out of this device',
  global: 'Sign out everywhere',
  others: 'Sign out other devices',
}

/** The three sign-out scopes; 'others' keeps this device signed in. */
export function SignOutOptions() {
  const navigate = useSafeNavigate()
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null)
  const auth = useAuthState()
  const { leftover, question } = useLeftoverDraftsQuestion(
    auth.status === 'signed-in' ? auth.user.id : null,
  )

  async function signOut(scope: Scope) {
    setMessage(null)
    try {
      const outcome = await signOutWith(await loadSupabase(), scope, leftover)
      if (outcome === 'stayed') return
      if (scope === 'others')
        setMessage({
          kind: 'success',
          text: 'Your other devices are signed out. This one stays signed in.',
        })
      else navigate('/login', { replace: true, state: signedOutState() })
    } catch (error) {
      setMessage({ kind: 'error', text: authErrorMessage(error) })
    }
  }

  return (
    <section aria-labelledby="sign-out-title" className="account-section">
      <h2 id="sign-out-title">Sessions</h2>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <div className="button-row">
        {(['local', 'others', 'global'] as const).map((scope) => (
          <button key={scope} type="button" className="button" onClick={() => void signOut(scope)}>
            {labels[scope]}
          </button>
        ))}
      </div>
      {question}
    </section>
  )
}
