import '../styles/forms.css'

interface FieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  label: string
  name: string
  error?: string | null
  hint?: string
}

/**
 * A labelled input whose error is announced and tied to it with aria-describedby. Its id comes
 * from its name (or `id`, for a page with two fields of one name), never from useId: the
 * prerender runs React and the browser Preact, whose useId values differ, so the hint written
 * by the prerender would lose its input once an error is shown (docs/decisions/0019).
 */
export function Field({ label, error, hint, id: givenId, ...input }: FieldProps) {
  const id = givenId ?? `field-${input.name}`
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') ||
    undefined
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
