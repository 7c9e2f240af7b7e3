import { useSyncExternalStore } from 'react'
import { hydrationSettled, subscribeHydrationSettled } from './runtime/hydrationTurns'

/**
 * False while prerendering and during hydration, true on every render after that. Where a page
 * hydrates in turns (src/app/runtime/hydrationTurns.ts), hydration ends with the last part's:
 * a part renders exactly what was prerendered when its turn comes, so nothing it reads may
 * have moved on before then. Values that differ in the browser (stored preferences, the
 * address's query) wait for this.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(subscribeHydrationSettled, hydrationSettled, () => false)
}
