import { useState } from 'react'
import { Field } from '../../components/Field'
import { FormMessage } from '../../components/FormMessage'
import { authErrorMessage } from './messages'
import { loadSupabase } from './supabaseClient'

interface MfaChallengeFormProps {
  onVerified: () => void
}

/** The second step of signing in for users with a verified TOTP factor (raises aal1 → aal2). */
export function MfaChallengeForm({ onVerified }: MfaChallengeFormProps) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const digits = code.replace(/\s+/g, '')
    if (!/^\d{6}$/.test(digits))
      return setError('Enter the 6-digit code from your authenticator app.')
    setError(null)
    setBusy(true)
    try {
      const supabase = await loadSupabase()
      const { data: factors, error: listError } = await supabase.auth.mfa.listFactors()
      if (listError) throw listError
      const factor = factors.totp.find((candidate) => candidate.status === 'verified')
      if (!factor) throw new Error('This account has no verified authenticator. Sign in again.')
      const { error: failure } = await supabase.auth.mfa.challengeAndVerify({
        factorId: factor.id,
        code: digits,
      })
      if (failure) throw failure
      onVerified()
    } catch (failure) {
      setError(authErrorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
      <p>
        Your account is protected by two-factor authentication. Enter the code your authenticator
        app shows for Folio.
      </p>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <Field
        label="Authentication code"
        name="totp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        required
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Checking…' : 'Verify'}
      </button>
    </form>
  )
}
