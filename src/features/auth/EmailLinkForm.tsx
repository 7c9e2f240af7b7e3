import { useState } from 'react'
import { Field } from '../../components/Field'
import { FormMessage } from '../../components/FormMessage'
import { validateEmail } from './credentials'
import { loadSupabase } from './supabaseClient'
import { useAuthAction } from './useAuthAction'
import { callbackUrl } from './useAuthRedirect'
import { SubmitButton } from '../../components/SubmitButton'

interface EmailLinkFormProps {
  purpose: 'magic-link' | 'recovery'
  redirectTarget: string
}

/** One email field that asks for a link by email: a sign-in link, or a password-reset link. */
export function EmailLinkForm({ purpose, redirectTarget }: EmailLinkFormProps) {
  const [email, setEmail] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const { busy, error, setError, run, form } = useAuthAction()

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const invalid = validateEmail(email)
    setError(invalid)
    if (invalid) return
    await run(async () => {
      const supabase = await loadSupabase()
      const address = email.trim()
      const { error: failure } =
        purpose === 'magic-link'
          ? await supabase.auth.signInWithOtp({
              email: address,
              options: { emailRedirectTo: callbackUrl(redirectTarget, address, 'magic-link') },
            })
          : await supabase.auth.resetPasswordForEmail(address, {
              redirectTo: callbackUrl('/login?mode=reset', address, 'recovery'),
            })
      if (failure) throw failure
      setSentTo(address)
    })
  }

  return (
    <form ref={form} className="form" onSubmit={submit} noValidate aria-busy={busy}>
      {sentTo ? (
        <FormMessage kind="success">
          {purpose === 'magic-link'
            ? `Check your inbox: we sent a sign-in link to ${sentTo}.`
            : `If ${sentTo} has an account, a link to choose a new password is on its way.`}
        </FormMessage>
      ) : null}
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
        required
      />
      <SubmitButton disabled={busy}>
        {busy
          ? 'Sending…'
          : purpose === 'magic-link'
            ? 'Email me a sign-in link'
            : 'Email me a reset link'}
      </SubmitButton>
    </form>
  )
}
