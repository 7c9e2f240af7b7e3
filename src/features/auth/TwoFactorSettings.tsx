import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { Factor, User } from '@supabase/supabase-js'
import { Field } from '../../components/Field'
import { FormMessage } from '../../components/FormMessage'
import { authErrorMessage } from '../../lib/serviceErrorMessages'
import { qrCodeImageSource } from './qrCodeImageSource'
import { TOTP_CODE_REQUIRED, refusesCode } from './secondFactor'
import { loadSupabase } from './supabaseClient'
import { useAuthAction } from './useAuthAction'
import { SubmitButton } from '../../components/SubmitButton'
import { LoadingInPlace } from '../../components/LoadingInPlace'

interface Enrolment {
  factorId: string
  qrCode: string
  secret: string
}

/** The authenticator apps (TOTP) a sign-in can ask for. */
const verifiedTotp = (factors: Factor[]) =>
  factors.filter((factor) => factor.factor_type === 'totp' && factor.status === 'verified')

/** Asked afresh each time: the connection can go while the factors are asked for. */
const isOffline = () => navigator.onLine === false

/** Enrol a TOTP authenticator (QR code and secret), verify it with a code, or remove it. */
export function TwoFactorSettings({ user }: { user: User }) {
  const [factors, setFactors] = useState<Factor[] | null>(null)
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [code, setCode] = useState('')
  const [notice, setNotice] = useState<string | null>(null)
  const { busy, error, setError, fieldError, setFieldError, run: runAction, form } = useAuthAction()
  const [cancelled, setCancelled] = useState(false)
  const setUpButton = useRef<HTMLButtonElement>(null)
  // The removal of a cancelled enrolment's factor, which a new enrolment waits for.
  const removingCancelled = useRef<Promise<unknown>>(Promise.resolve())
  // A cancelled set-up gives focus back to the button that opened it (see AccountPanel's note).
  const backFromSetUp = cancelled && !enrolment
  useLayoutEffect(() => {
    if (backFromSetUp) setUpButton.current?.focus()
  }, [backFromSetUp])
  // The set-up takes the place of the button that started it (disabled meanwhile), and focus
  // would fall to the page: it goes to the set-up's first words, so a screen reader reads the
  // instructions and the next Tab reaches the code field. Once on, to the card's heading, above
  // the word that says so.
  const instructions = useRef<HTMLParagraphElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const [turnedOn, setTurnedOn] = useState(false)
  useLayoutEffect(() => {
    if (enrolment) instructions.current?.focus()
  }, [enrolment])
  useLayoutEffect(() => {
    if (turnedOn) heading.current?.focus()
  }, [turnedOn])

  const refresh = useCallback(async () => {
    // Offline, the factors the session was signed in with: supabase-js would ask the service
    // (listFactors reads the user from GET /user, @supabase/auth-js 2.109, _listFactors).
    const known = () =>
      setFactors((user.factors ?? []).filter((factor) => factor.factor_type === 'totp'))
    if (isOffline()) return known()
    const supabase = await loadSupabase()
    const { data, error: failure } = await supabase.auth.mfa.listFactors()
    // The connection went while asking: what the session knows, until it is back.
    if (failure && isOffline()) return known()
    if (failure) return setError(authErrorMessage(failure))
    setFactors(data.all.filter((factor) => factor.factor_type === 'totp'))
  }, [setError, user])

  useEffect(() => {
    void refresh()
    // Back online, the service's answer replaces what the session knew.
    const refreshOnline = () => void refresh()
    window.addEventListener('online', refreshOnline)
    return () => window.removeEventListener('online', refreshOnline)
  }, [refresh])

  const run = (task: () => Promise<void>, blamesField?: (failure: unknown) => boolean) => {
    setNotice(null)
    return runAction(task, blamesField)
  }

  const startEnrolment = () =>
    run(async () => {
      setCancelled(false)
      setTurnedOn(false)
      await removingCancelled.current
      const supabase = await loadSupabase()
      // An abandoned, unverified factor would block a new one with the same name. Listed afresh:
      // a cancelled set-up's factor is not in `factors` when its removal failed.
      const { data: current, error: listFailure } = await supabase.auth.mfa.listFactors()
      if (listFailure) throw listFailure
      for (const factor of current.all)
        if (factor.factor_type === 'totp' && factor.status !== 'verified')
          await supabase.auth.mfa.unenroll({ factorId: factor.id })
      const { data, error: failure } = await supabase.auth.mfa.enroll({
        factorType: 'totp',
        friendlyName: `Authenticator ${new Date().toISOString().slice(0, 10)}`,
        issuer: 'Folio',
      })
      if (failure) throw failure
      setEnrolment({ factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret })
    })

  const verify = (event: React.FormEvent) => {
    event.preventDefault()
    if (!enrolment) return
    const digits = code.replace(/\s+/g, '')
    if (!/^\d{6}$/.test(digits)) return setFieldError(TOTP_CODE_REQUIRED)
    void run(async () => {
      const supabase = await loadSupabase()
      const { error: failure } = await supabase.auth.mfa.challengeAndVerify({
        factorId: enrolment.factorId,
        code: digits,
      })
      if (failure) throw failure
      setEnrolment(null)
      setCode('')
      setTurnedOn(true)
      setNotice('Two-factor authentication is on. You will be asked for a code when you sign in.')
      await refresh()
    }, refusesCode)
  }

  // Enrolling already created the factor, unverified, and GoTrue keeps it until it is verified
  // or removed: cancelling removes it, so the account is left as it was before the set-up.
  const cancelEnrolment = () => {
    if (!enrolment) return
    const { factorId } = enrolment
    setEnrolment(null)
    setCode('')
    setError(null)
    setFieldError(null)
    setCancelled(true)
    removingCancelled.current = loadSupabase()
      .then((supabase) => supabase.auth.mfa.unenroll({ factorId }))
      // Offline, the factor stays for now: the next set-up removes unverified factors first.
      .catch(() => undefined)
  }

  const remove = (factor: Factor) =>
    run(async () => {
      if (
        !window.confirm('Remove this authenticator? Signing in will then only need your password.')
      )
        return
      const supabase = await loadSupabase()
      const { error: failure } = await supabase.auth.mfa.unenroll({ factorId: factor.id })
      if (failure) throw failure
      setNotice('The authenticator was removed.')
      await refresh()
    })

  const verified = (factors ?? []).filter((factor) => factor.status === 'verified')
  /** The card's state: each authenticator with its Remove button, or Off and the set-up button. */
  const factorsView = (shown: Factor[], setUpRef?: React.Ref<HTMLButtonElement>) =>
    shown.length > 0 ? (
      shown.map((factor) => (
        <div key={factor.id} className="account-section__row">
          <p>
            On, with <strong>{factor.friendly_name || 'an authenticator app'}</strong>. Signing in
            asks for a code from it.
          </p>
          <button type="button" className="button" onClick={() => remove(factor)} disabled={busy}>
            Remove
          </button>
        </div>
      ))
    ) : (
      <>
        <p>
          Off. Add an authenticator app (1Password, Google Authenticator, Aegis…) so a stolen
          password is not enough to reach your notes.
        </p>
        <div className="button-row">
          <button
            ref={setUpRef}
            type="button"
            className="button button--primary"
            onClick={startEnrolment}
            disabled={busy}
          >
            Set up two-factor
          </button>
        </div>
      </>
    )
  return (
    <section aria-labelledby="two-factor-title" className="account-section">
      <h2 id="two-factor-title" ref={heading} tabIndex={-1}>
        Two-factor authentication
      </h2>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {notice ? <FormMessage kind="success">{notice}</FormMessage> : null}
      {factors === null ? (
        // In the room of what the session was signed in with, most likely still the answer.
        <LoadingInPlace expected={factorsView(verifiedTotp(user.factors ?? []))}>
          <p className="status-note">Loading…</p>
        </LoadingInPlace>
      ) : null}
      {factors !== null && !enrolment ? factorsView(verified, setUpButton) : null}
      {enrolment ? (
        <form ref={form} className="form" onSubmit={verify} noValidate>
          <p ref={instructions} tabIndex={-1}>
            Scan this code with your authenticator app, then enter the 6-digit code it shows.
          </p>
          <img
            src={qrCodeImageSource(enrolment.qrCode)}
            alt="QR code to add Folio to your authenticator app"
            width={180}
            height={180}
            className="qr-code"
          />
          <p>
            Cannot scan? Enter this secret instead:{' '}
            <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <Field
            label="Code from the app"
            name="totp-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={fieldError}
            required
          />
          <SubmitButton disabled={busy}>{busy ? 'Checking…' : 'Turn on two-factor'}</SubmitButton>
          <button type="button" className="button" onClick={cancelEnrolment} disabled={busy}>
            Cancel
          </button>
        </form>
      ) : null}
    </section>
  )
}
