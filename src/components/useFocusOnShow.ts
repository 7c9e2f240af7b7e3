import { useEffect, useLayoutEffect } from 'react'

// Layout effects never run in a server render, and React's development build warns about them
// there (`npm run dev` renders pages on the server): the passive kind stands in, doing nothing.
const useClientLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

/**
 * Moves focus to `element()` whenever `shown` turns truthy: a view that takes another's place (a
 * prompt, a result, a form again) brings keyboard and screen-reader users to its start.
 *
 * The move happens as the view is put into the page (a layout effect), before the browser can
 * deliver a key or a click to it. As a passive effect, which Preact runs after the next frame, it
 * came after the focus a quick hand had already put on one of the view's buttons, and that
 * person's Enter reached the heading instead (`tests/e2e/auth.spec.ts`, the account prompt).
 */
export function useFocusOnShow(shown: unknown, element: () => HTMLElement | null | undefined) {
  // Only a change of `shown` moves focus; `element` is read when it does.
  useClientLayoutEffect(() => {
    if (shown) element()?.focus()
  }, [shown])
}
