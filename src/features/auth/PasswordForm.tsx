import { useRef, useState } from 'react'
import { Field } from '../../components/Field'
import { FormMessage } from '../../components/FormMessage'
import { useFocusOnShow } from '../../components/useFocusOnShow'
import { describeAuthError } from './describeAuthError'
import { validateCredentials, type FieldErrors } from './credentials'
import { loadSupabase } from './supabaseClient'
import { PASSWORD_LENGTH_HINT } from '../../lib/passwordPolicy'
import { callbackUrl } from './useAuthRedirect'
import type { SendConfirmationAgain, SignUpEmailSent } from './SignUpEmailSent'
import { SubmitButton, refusedFormFocus } from '../../components/SubmitButton'

interface PasswordFormProps {
  mode: 'signin' | 'signup'
  redirectTarget: string
  /**
   * Called once a session exists; `needsMfa` when a second factor must be verified first,
   * `weakReasons` when the service says the password breaks its rules now (a breach).
   */
  onSignedIn: (needsMfa: boolean, weakReasons?: string[]) => void
}

/**
 * The sign-up confirmation email's screens: what the form turns into once it is sent, and the
 * offer to send it again. Fetched when one is needed: /login's first load has no bytes to spare.
 */
const confirmationEmail = () => import('./SignUpEmailSent')

export function PasswordForm({ mode, redirectTarget, onSignedIn }: PasswordFormProps) {
  const [identifier, setIdentifier] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  /** The address a confirmation link went to: the form has done its job. */
  const [sentTo, setSentTo] = useState<string | null>(null)
  // What the form turns into then, fetched with the sign-up request rather than with /login;
  // null if even that fetch failed.
  const [SentScreen, setSentScreen] = useState<typeof SignUpEmailSent | null>(null)
  const [startedOver, setStartOver] = useState(false)
  // A sign-in refused for an address not confirmed yet offers the confirmation email again,
  // for the address refused: fetched with that refusal, as SentScreen is with the sign-up.
  const [resend, setResend] = useState<{
    email: string
    Offer: typeof SendConfirmationAgain
  } | null>(null)
  const form = useRef<HTMLFormElement>(null)
  // Back from 'check your email': the keyboard continues in the empty email field.
  useFocusOnShow(startedOver && !sentTo, () => form.current?.querySelector('input'))
  // A refused submit takes focus to the first field in error, whose error is read with it: from
  // the password field, Enter left focus there and a bad address was never said.
  useFocusOnShow(errors, () => refusedFormFocus(form.current))

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // What the fields hold now, which is what the person sees: a password manager, or the
    // browser filling a saved password on load, may have set them without an event the app
    // hears, and the state would still be empty.
    const fields = new FormData(event.currentTarget)
    const typedIdentifier = String(fields.get('email') ?? '')
    const typedPassword = String(fields.get('password') ?? '')
    setIdentifier(typedIdentifier)
    setPassword(typedPassword)
    const found = validateCredentials(typedIdentifier, typedPassword, mode)
    setErrors(found)
    setResend(null)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    const email = typedIdentifier.trim()
    try {
      const supabase = await loadSupabase()
      const credentials = { email, password: typedPassword }
      if (mode === 'signup') {
        const sentScreen = confirmationEmail().then(
          (module) => module.SignUpEmailSent,
          () => null,
        )
        const { data, error } = await supabase.auth.signUp({
          ...credentials,
          options: { emailRedirectTo: callbackUrl(redirectTarget, email, 'signup') },
        })
        if (error) throw error
        if (!data.session) {
          const screen = await sentScreen
          setSentScreen(() => screen)
          setSentTo(email)
          return
        }
        onSignedIn(false)
        return
      }
      const { data, error } = await supabase.auth.signInWithPassword(credentials)
      if (error) throw error
      const { data: levels } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
      onSignedIn(
        levels?.nextLevel === 'aal2' && levels.currentLevel !== 'aal2',
        data.weakPassword?.reasons,
      )
    } catch (error) {
      const message = await describeAuthError(error)
      // A password the service will not take (too weak, or since found in a breach) is the
      // password field's fault: said under it, marked, and given the keyboard, as after the
      // form's own checks. Anything else (wrong credentials, an unconfirmed address) is the form's.
      const code = (error as { code?: string } | null)?.code
      setErrors(code === 'weak_password' ? { password: message } : { form: message })
      if (code === 'email_not_confirmed')
        confirmationEmail().then(
          ({ SendConfirmationAgain: Offer }) => setResend({ email, Offer }),
          () => undefined,
        )
    } finally {
      setBusy(false)
    }
  }

  if (sentTo)
    return SentScreen ? (
      <SentScreen
        email={sentTo}
        redirectTarget={redirectTarget}
        onUseAnotherEmail={() => {
          setSentTo(null)
          setIdentifier('')
          setPassword('')
          setStartOver(true)
        }}
      />
    ) : (
      <FormMessage kind="success">
        Check your email: we sent a confirmation link to {sentTo}.
      </FormMessage>
    )

  return (
    <form ref={form} className="form" onSubmit={submit} noValidate aria-busy={busy}>
      {errors.form ? (
        <FormMessage kind="error">
          {errors.form}
          {resend ? <resend.Offer email={resend.email} redirectTarget={redirectTarget} /> : null}
        </FormMessage>
      ) : null}
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete={mode === 'signup' ? 'email' : 'username'}
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
        error={errors.identifier}
        required
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        hint={mode === 'signup' ? PASSWORD_LENGTH_HINT : undefined}
        required
      />
      <SubmitButton disabled={busy}>
        {busy
          ? mode === 'signup'
            ? 'Creating your account…'
            : 'Signing in…'
          : mode === 'signup'
            ? 'Create account'
            : 'Sign in'}
      </SubmitButton>
    </form>
  )
}
