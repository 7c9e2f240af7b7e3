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

/**
 * Where a refused form puts the keyboard: on its first field in error, whose error is read with
 * it; else back on its submit button, if that lost focus. A form disables the button while its
 * request is out, and a disabled button hands focus to the page's body: someone who pressed it
 * from the keyboard and was refused ("That email and password do not match") would go on from
 * the top of the page. Focus the person put anywhere else meanwhile stays there.
 */
export function refusedFormFocus(form: HTMLFormElement | null): HTMLElement | null | undefined {
  return (
    form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    (document.activeElement === document.body
      ? form?.querySelector<HTMLElement>('[type="submit"]')
      : null)
  )
}
