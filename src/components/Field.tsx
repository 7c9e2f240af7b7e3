import '../styles/forms.css'

interface FieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  label: string
  name: string
  error?: string | null
  hint?: string
}

/**
 * A labelled input whose error is announced and tied to it with aria-describedby. An error
 * takes the hint's place: it is the hint's rule, broken ('Use at least 8 characters.' under
 * 'At least 8 characters.' said the same thing twice), or a more urgent word about the field.
 * Its id comes from its name (or `id`, for a page with two fields of one name), never from
 * useId: the prerender runs React and the browser Preact, whose useId values differ, so the hint
 * written by the prerender would lose its input once an error is shown (docs/decisions/0019).
 */
export function Field({ label, error, hint: hintWhenValid, id: givenId, ...input }: FieldProps) {
  const id = givenId ?? `field-${input.name}`
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
