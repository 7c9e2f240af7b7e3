import '../styles/forms.css'
interface FormMessageProps {
  kind: 'error' | 'success' | 'info'
  children: React.ReactNode
}

/** A message about the whole form; errors interrupt screen readers, the rest wait politely. */
export function FormMessage({ kind, children }: FormMessageProps) {
  return (
    <div
      className={`form-message form-message--${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
    >
      {children}
    </div>
  )
}
