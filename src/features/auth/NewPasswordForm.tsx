import { useLayoutEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { Field } from '../../components/Field'
import { FormMessage } from '../../components/FormMessage'
import {
  UNREACHABLE_MESSAGE,
  authErrorMessage,
  needsSecondFactor,
} from '../../lib/serviceErrorMessages'
import { TOTP_CODE_REQUIRED, needsStepUp, refusesCode, verifySecondFactor } from './secondFactor'
import { PASSWORD_LENGTH_HINT, passwordLengthProblem } from '../../lib/passwordPolicy'
import { loadSupabase } from './supabaseClient'
import { TotpCodeField } from './TotpCodeField'
import { SubmitButton, refusedFormFocus } from '../../components/SubmitButton'

interface NewPasswordFormProps {
  onDone: () => void
  /** Offers a Cancel button that calls it (the account page closes the form); nothing is saved. */
  onCancel?: () => void
  /** 'reset': reached from an emailed link, so a missing session means the link is used up. */
  purpose?: 'reset' | 'change'
}

const RESET_LINK_USED_UP = 'Your reset link has expired or was already used. Ask for a new one.'

/**
 * Sets a new password for the signed-in user (after a recovery link, or from the account panel).
 * With two-factor on, the auth service changes a password only for an aal2 session, which a
 * reset link never gives: the form then asks for the authenticator code in place, verifies it
 * and saves the password it kept (GoTrue: internal/api/user.go refuses with insufficient_aal).
 */
export function NewPasswordForm({ onDone, onCancel, purpose = 'change' }: NewPasswordFormProps) {
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [code, setCode] = useState('')
  const [step, setStep] = useState<'password' | 'code'>('password')
  const [error, setError] = useState<{ text: string; linkUsedUp?: boolean } | null>(null)
  const [passwordError, setPasswordError] = useState<string | null>(null)
  /** A code refused (mistyped, or the service's check): said under the code field. */
  const [codeError, setCodeError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // A refused password or code takes focus, its error read with it: Enter in the second field
  // left focus there and nothing was said. Any other refusal gives focus back to the button,
  // which was disabled while saving (refusedFormFocus). (A layout effect as in AccountPanel: this
  // form renders only in the browser, and useFocusOnShow would cost /login a chunk of its own.)
  // One ref for either step's form: only one is shown.
  const form = useRef<HTMLFormElement>(null)
  useLayoutEffect(() => {
    if (passwordError || codeError || error) refusedFormFocus(form.current)?.focus()
  }, [passwordError, codeError, error])

  async function save(supabase: Awaited<ReturnType<typeof loadSupabase>>) {
    const { error: failure } = await supabase.auth.updateUser({ password })
    if (needsSecondFactor(failure)) return setStep('code')
    if (failure) throw failure
    onDone()
  }

  async function submitPassword(event: React.FormEvent) {
    event.preventDefault()
    setPasswordError(null)
    const lengthProblem = passwordLengthProblem(password)
    if (lengthProblem) {
      setError(null)
      return setPasswordError(lengthProblem)
    }
    if (password !== confirm) return setError({ text: 'The two passwords are not the same.' })
    // Offline the service is not asked: useAuthAction.ts says why.
    if (navigator.onLine === false) return setError({ text: UNREACHABLE_MESSAGE })
    setError(null)
    setBusy(true)
    try {
      const supabase = await loadSupabase()
      const { data } = await supabase.auth.getSession()
      if (!data.session) {
        return setError(
          purpose === 'reset'
            ? { text: RESET_LINK_USED_UP, linkUsedUp: true }
            : { text: authErrorMessage({ name: 'AuthSessionMissingError' }) },
        )
      }
      if (await needsStepUp(supabase)) return setStep('code')
      await save(supabase)
    } catch (failure) {
      setError({ text: authErrorMessage(failure) })
    } finally {
      setBusy(false)
    }
  }

  async function submitCode(event: React.FormEvent) {
    event.preventDefault()
    setCodeError(null)
    if (code.length !== 6) {
      setError(null)
      return setCodeError(TOTP_CODE_REQUIRED)
    }
    if (navigator.onLine === false) return setError({ text: UNREACHABLE_MESSAGE })
    setError(null)
    setBusy(true)
    let verified = false
    try {
      const supabase = await loadSupabase()
      await verifySecondFactor(supabase, code)
      verified = true
      await save(supabase)
    } catch (failure) {
      // Once the code has passed, what is left to fix is the password (too weak, the same as
      // before): back to it, with the session already at aal2, rather than asking for a code.
      if (verified) {
        setStep('password')
        setCode('')
      }
      if (!verified && refusesCode(failure)) setCodeError(authErrorMessage(failure))
      else setError({ text: authErrorMessage(failure) })
    } finally {
      setBusy(false)
    }
  }

  const message = error ? (
    <FormMessage kind="error">
      {error.text}
      {error.linkUsedUp ? (
        <>
          {' '}
          <Link to="/login?mode=forgot">Ask for a new link</Link>
        </>
      ) : null}
    </FormMessage>
  ) : null
  const cancel = onCancel ? (
    <button type="button" className="button" onClick={onCancel}>
      Cancel
    </button>
  ) : null

  if (step === 'code') {
    return (
      <form ref={form} className="form" onSubmit={submitCode} noValidate aria-busy={busy}>
        <p>
          Your account is protected by two-factor authentication. Enter the code your authenticator
          app shows for Folio to save your new password.
        </p>
        {message}
        <TotpCodeField value={code} onChange={setCode} error={codeError} />
        <SubmitButton disabled={busy}>{busy ? 'Saving…' : 'Verify and save password'}</SubmitButton>
        <button
          type="button"
          className="button"
          onClick={() => {
            setStep('password')
            setCode('')
            setCodeError(null)
            setError(null)
          }}
        >
          Change the new password
        </button>
        {cancel}
      </form>
    )
  }

  return (
    <form ref={form} className="form" onSubmit={submitPassword} noValidate aria-busy={busy}>
      {message}
      <Field
        label="New password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={PASSWORD_LENGTH_HINT}
        error={passwordError}
        required
      />
      <Field
        label="Repeat the new password"
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        required
      />
      <SubmitButton disabled={busy}>{busy ? 'Saving…' : 'Save new password'}</SubmitButton>
      {cancel}
    </form>
  )
}
