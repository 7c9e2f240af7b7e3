/**
 * Colour mode rules. The visitor picks system, light or dark (kept in localStorage); `system`
 * follows the operating system live; a page may force a mode, which wins over everything.
 */
import type { ColorMode } from '../../routeRules'

export type ColorPreference = 'system' | ColorMode

export const COLOR_PREFERENCE_KEY = 'folio-color-mode'
export const COLOR_PREFERENCES: readonly ColorPreference[] = ['system', 'light', 'dark']
/** Set on <html> by the prerender step for pages that force a mode. */
export const FORCED_MODE_ATTRIBUTE = 'data-forced-color-mode'
export const DARK_QUERY = '(prefers-color-scheme: dark)'

export function parseColorPreference(raw: string | null | undefined): ColorPreference {
  return raw === 'light' || raw === 'dark' || raw === 'system' ? raw : 'system'
}

export interface ColorModeInputs {
  preference: ColorPreference
  forced?: ColorMode | null
  systemPrefersDark: boolean
}

export function resolveColorMode({
  preference,
  forced,
  systemPrefersDark,
}: ColorModeInputs): ColorMode {
  if (forced) return forced
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light'
  return preference
}

export function nextColorPreference(current: ColorPreference): ColorPreference {
  const index = COLOR_PREFERENCES.indexOf(current)
  return COLOR_PREFERENCES[(index + 1) % COLOR_PREFERENCES.length] ?? 'system'
}

/** Puts the resolved mode on <html> as a class (for CSS) and as color-scheme (for form controls). */
export function applyColorMode(root: HTMLElement, mode: ColorMode): void {
  root.classList.toggle('dark', mode === 'dark')
  root.classList.toggle('light', mode === 'light')
  root.style.colorScheme = mode
}

/**
 * The same rules as `resolveColorMode`, as a tiny inline script that runs in <head> before the
 * first paint of a prerendered page, so a dark-mode visitor never sees a white flash. It must
 * not throw: private mode can deny localStorage, and then the system scheme decides.
 */
export const colorModeScript = `(function(){var d=document.documentElement,m=d.getAttribute('${FORCED_MODE_ATTRIBUTE}'),p;if(!m){try{p=localStorage.getItem('${COLOR_PREFERENCE_KEY}')}catch(e){}m=p==='light'||p==='dark'?p:(matchMedia('${DARK_QUERY}').matches?'dark':'light')}d.classList.add(m);d.style.colorScheme=m})()`
