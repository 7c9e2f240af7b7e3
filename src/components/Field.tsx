import { useId } from 'react'

interface FieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  error?: string | null
  hint?: string
}

/**
 * A labelled input whose error is announced and tied to it with aria-describedby. An error
 * takes the hint's place: it is the hint's rule, broken ('Use at least 8 characters.' under
 * 'At least 8 characters.' said the same thing twice), or a more urgent word about the field.
 */
export function Field({ label, error, hint: hintWhenValid, ...input }: FieldProps) {
  const id = useId()
  const hint = error ? undefined : hintWhenValid
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
