/**
 * Restores the state vite-react-ssg would have set with inline scripts (see
 * scripts/build/inlineState.ts). Imported first in main.tsx, so the state is in place before
 * vite-react-ssg creates the router: it reads the hydration data and the build hash then, and
 * does not wait for the document to finish loading.
 */
const STATE_ELEMENT_ID = 'folio-ssg-state'

export interface SsgWindow {
  __staticRouterHydrationData?: unknown
  /** The page's build, as the hash of its loader payloads (src/app/buildCheck.ts). */
  __VITE_REACT_SSG_HASH__?: string
}

/** The part of `document` this needs (a plain object in the unit test). */
type StateDocument = Pick<Document, 'readyState' | 'getElementById' | 'addEventListener'>

function restoreState(doc: StateDocument, target: SsgWindow): void {
  const element = doc.getElementById(STATE_ELEMENT_ID)
  if (!element?.textContent) return
  const state = JSON.parse(element.textContent) as { hydration: unknown; hash: string | null }
  if (state.hydration) target.__staticRouterHydrationData = state.hydration
  if (state.hash) target.__VITE_REACT_SSG_HASH__ = state.hash
}

/**
 * Restores at once when the state block is there. It precedes the boot script that loads this
 * module, so it normally is, even while the document is still loading: waiting for
 * DOMContentLoaded let a busy browser hydrate first, without the data, and the router's loaders
 * then asked for `static-loader-data-manifest-undefined.json` (seen in CI as a 500 screen).
 */
export function restoreStateWhenParsed(doc: StateDocument, target: SsgWindow): void {
  if (doc.readyState !== 'loading' || doc.getElementById(STATE_ELEMENT_ID)) {
    restoreState(doc, target)
  } else {
    doc.addEventListener('DOMContentLoaded', () => restoreState(doc, target), { once: true })
  }
}

if (typeof document !== 'undefined') {
  restoreStateWhenParsed(document, window as unknown as SsgWindow)
}
