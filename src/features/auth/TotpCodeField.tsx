import { Field } from '../../components/Field'
import { totpDigits } from './secondFactor'

interface TotpCodeFieldProps {
  value: string
  onChange: (digits: string) => void
  error?: string | null
}

/**
 * The authenticator code: focused as soon as it appears (it is the only thing to do on its
 * step), digits only, so a pasted "123 456" or a code with spaces around it fits. No maxLength:
 * the browser would cut a pasted code before the spaces are taken out.
 */
export function TotpCodeField({ value, onChange, error }: TotpCodeFieldProps) {
  return (
    <Field
      label="Authentication code"
      name="totp"
      inputMode="numeric"
      autoComplete="one-time-code"
      // The one field of its step, shown right after the step before: focus saves a click.
      autoFocus
      value={value}
      onChange={(event) => onChange(totpDigits(event.target.value))}
      error={error}
      hint="6 digits, from your authenticator app."
      required
    />
  )
}
