/**
 * Restores the state vite-react-ssg would have set with inline scripts (see
 * scripts/build/inlineState.ts). Imported first in main.tsx, so its DOMContentLoaded listener
 * runs before vite-react-ssg creates the router.
 */
const STATE_ELEMENT_ID = 'folio-ssg-state'

interface SsgWindow {
  __staticRouterHydrationData?: unknown
  __VITE_REACT_SSG_HASH__?: string
}

function restoreState(): void {
  const element = document.getElementById(STATE_ELEMENT_ID)
  if (!element?.textContent) return
  const state = JSON.parse(element.textContent) as { hydration: unknown; hash: string | null }
  const target = window as unknown as SsgWindow
  if (state.hydration) target.__staticRouterHydrationData = state.hydration
  if (state.hash) target.__VITE_REACT_SSG_HASH__ = state.hash
}

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', restoreState, { once: true })
  else restoreState()
}
