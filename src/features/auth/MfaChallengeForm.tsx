import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { FormMessage } from '../../components/FormMessage'
import { TOTP_CODE_REQUIRED, refusesCode, verifySecondFactor } from './secondFactor'
import { signOutWith } from './signOut'
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
  const [params, setParams] = useSearchParams()
  const { busy, error, fieldError, setFieldError, run, form } = useAuthAction()

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (code.length !== 6) return setFieldError(TOTP_CODE_REQUIRED)
    await run(async () => {
      await verifySecondFactor(await loadSupabase(), code)
      onVerified()
    }, refusesCode)
  }

  // The password has already signed this browser in, at aal1: leaving the step ends that
  // session, or the next visit to /dashboard would bring the person straight back here. It asks
  // nothing about unsaved text on the device (decision 0014): none can have been typed in this
  // session, which never reached the notes, and whoever is here has not proven to be the person
  // whose text it is, so it is neither shown to them nor deleted on their word.
  const signInAsSomeoneElse = () =>
    run(async () => {
      await signOutWith(await loadSupabase(), 'local', null)
      const signInParams = new URLSearchParams(params)
      signInParams.delete('mode')
      setParams(signInParams, { replace: true })
    })

  return (
    <form ref={form} className="form" onSubmit={submit} noValidate aria-busy={busy}>
      <p>
        Your account is protected by two-factor authentication. Enter the code your authenticator
        app shows for Folio.
      </p>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <TotpCodeField value={code} onChange={setCode} error={fieldError} />
      <SubmitButton disabled={busy}>{busy ? 'Checking…' : 'Verify'}</SubmitButton>
      <button type="button" className="button" onClick={signInAsSomeoneElse} disabled={busy}>
        Use another account
      </button>
      {/* Supabase gives no recovery codes, so there is no way round the code here: a person. */}
      <p className="field__hint">
        Lost your authenticator app? Write to us through the <Link to="/contact">contact page</Link>
        , giving this account’s email address, and we will help you from there.
      </p>
    </form>
  )
}
