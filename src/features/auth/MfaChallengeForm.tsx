import { useState } from 'react'
import { FormMessage } from '../../components/FormMessage'
import { TOTP_CODE_REQUIRED, verifySecondFactor } from './secondFactor'
import { loadSupabase } from './supabaseClient'
import { TotpCodeField } from './TotpCodeField'
import { useAuthAction } from './useAuthAction'
import { SubmitButton } from '../../components/SubmitButton'

interface MfaChallengeFormProps {
  onVerified: () => void
}

/** The second step of signing in for users with a verified TOTP factor (raises aal1 → aal2). */
export function MfaChallengeForm({ onVerified }: MfaChallengeFormProps) {
  const [code, setCode] = useState('')
  const { busy, error, setError, run } = useAuthAction()

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (code.length !== 6) return setError(TOTP_CODE_REQUIRED)
    await run(async () => {
      await verifySecondFactor(await loadSupabase(), code)
      onVerified()
    })
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
      <p>
        Your account is protected by two-factor authentication. Enter the code your authenticator
        app shows for Folio.
      </p>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <TotpCodeField value={code} onChange={setCode} />
      <SubmitButton disabled={busy}>{busy ? 'Checking…' : 'Verify'}</SubmitButton>
    </form>
  )
}
