import { useState } from 'react'
import { Field } from '../../components/Field'
import { FormMessage } from '../../components/FormMessage'
import { authErrorMessage } from './messages'
import { MIN_PASSWORD_LENGTH, PASSWORD_LENGTH_HINT, PASSWORD_TOO_SHORT } from './passwordPolicy'
import { loadSupabase } from './supabaseClient'

interface NewPasswordFormProps {
  onDone: () => void
}

/** Sets a new password for the signed-in user (after a recovery link, or from the account panel). */
export function NewPasswordForm({ onDone }: NewPasswordFormProps) {
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (password.length < MIN_PASSWORD_LENGTH) return setError(PASSWORD_TOO_SHORT)
    if (password !== confirm) return setError('The two passwords are not the same.')
    setError(null)
    setBusy(true)
    try {
      const supabase = await loadSupabase()
      const { data } = await supabase.auth.getSession()
      if (!data.session) throw new Error('Your reset link has expired. Ask for a new one.')
      const { error: failure } = await supabase.auth.updateUser({ password })
      if (failure) throw failure
      onDone()
    } catch (failure) {
      setError(authErrorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <Field
        label="New password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={PASSWORD_LENGTH_HINT}
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
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save new password'}
      </button>
    </form>
  )
}
