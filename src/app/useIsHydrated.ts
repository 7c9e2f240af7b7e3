import { useSyncExternalStore } from 'react'

const subscribeNever = () => () => {}

/** False while prerendering and during hydration, true on every render after that. */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
}
