import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { useIsHydrated } from '../useIsHydrated'
import type { ColorMode } from '../../routeRules'
import {
  COLOR_PREFERENCE_KEY,
  DARK_QUERY,
  applyColorMode,
  parseColorPreference,
  resolveColorMode,
  type ColorPreference,
} from './colorMode'

const CHANGE_EVENT = 'folio:color-preference'

function readPreference(): ColorPreference {
  try {
    return parseColorPreference(window.localStorage.getItem(COLOR_PREFERENCE_KEY))
  } catch {
    return 'system'
  }
}

function subscribePreference(onChange: () => void): () => void {
  // `storage` keeps other tabs in step; the custom event covers this tab.
  window.addEventListener('storage', onChange)
  window.addEventListener(CHANGE_EVENT, onChange)
  return () => {
    window.removeEventListener('storage', onChange)
    window.removeEventListener(CHANGE_EVENT, onChange)
  }
}

function subscribeSystem(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

const systemPrefersDark = () => window.matchMedia(DARK_QUERY).matches

export function writeColorPreference(preference: ColorPreference): void {
  try {
    window.localStorage.setItem(COLOR_PREFERENCE_KEY, preference)
  } catch {
    // Storage denied (private mode): the choice lasts for this page only.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

/**
 * The visitor's preference and the mode in force. Until hydration ends (`useIsHydrated`, the
 * last part's included: the header's toggle reads this) the server's values ('system', light)
 * are used so the markup matches; the real values follow right after.
 */
export function useColorMode(forced: ColorMode | undefined) {
  const hydrated = useIsHydrated()
  const stored = useSyncExternalStore(subscribePreference, readPreference, () => 'system' as const)
  const systemDark = useSyncExternalStore(subscribeSystem, systemPrefersDark, () => false)
  const preference = hydrated ? stored : 'system'
  const prefersDark = hydrated && systemDark
  const mode = resolveColorMode({ preference, forced, systemPrefersDark: prefersDark })

  useEffect(() => {
    // Before hydration ends the snapshots above are the server's; the inline <head> script has
    // already applied the right mode, so applying the server guess here would flash.
    if (hydrated) applyColorMode(document.documentElement, mode)
  }, [hydrated, mode])

  const setPreference = useCallback((next: ColorPreference) => writeColorPreference(next), [])
  return { preference, mode, forced, setPreference }
}
