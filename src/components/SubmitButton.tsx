import type { ButtonHTMLAttributes } from 'react'
import { useIsHydrated } from '../app/useIsHydrated'

type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>

/**
 * A form's submit button, disabled until the page has hydrated. Before that a prerendered form
 * has no handler, and the browser submits it itself, to the page's own address: the sign-in
 * form's email and password as a query string (the CDN's logs, the history), the contact
 * form's message as a POST the static host refuses. A disabled default button also keeps Enter
 * in a field from submitting (HTML's implicit submission). Hydration waits for the first paint
 * and the page's scripts (docs/decisions/0036), so on a slow phone this lasts a second or so;
 * what was typed meanwhile stays in the fields.
 */
export function SubmitButton({ disabled, className, ...props }: SubmitButtonProps) {
  const hydrated = useIsHydrated()
  return (
    <button
      type="submit"
      className={className ?? 'button button--primary'}
      disabled={!hydrated || disabled}
      {...props}
    />
  )
}
