/**
 * Text typed into a prerendered field before the page hydrated (hydration waits for the first
 * paint and the page's scripts, docs/decisions/0036), or filled in by a password manager or the
 * browser's own form restore, is in the field but not in the app's state. A field the app
 * controls is rendered again with that state once hydration ends (`useIsHydrated` changes), and
 * the text was gone: the email and password on /login, typed on a slow phone, came back empty.
 *
 * So when the last part has hydrated, each text field whose value is no longer the one it was
 * prerendered with (its `defaultValue`) is announced as typed into: its handler, attached now,
 * takes the text into the app's state, in the same render as the end of hydration. A field the
 * app does not control just hears an `input` event; one whose handler refuses the text shows
 * what the app accepted (controlledFields.ts).
 */
import { subscribeHydrationSettled } from './hydrationTurns'

function announceFieldsTypedBeforeHydration(root: ParentNode): void {
  // Text only: a checkbox's or a radio's state is not its value, a file field's value names the
  // chosen file; a hidden field's or a button's value is always its attribute's.
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input:not([type=checkbox],[type=radio],[type=file]), textarea',
  ))
    if (field.value !== field.defaultValue)
      field.dispatchEvent(new Event('input', { bubbles: true }))
}

/** Announces the fields in `container` typed into before hydration, once it has ended. */
export function keepWhatWasTypedBeforeHydration(container: ParentNode): void {
  const stop = subscribeHydrationSettled(() => {
    stop()
    announceFieldsTypedBeforeHydration(container)
  })
}
