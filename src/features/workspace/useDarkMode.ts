import { useSyncExternalStore } from 'react'

/** Whether <html> is in dark mode right now (src/app/colorMode/colorMode.ts puts the class there). */
function isDark(): boolean {
  return document.documentElement.classList.contains('dark')
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
  return () => observer.disconnect()
}

/** Follows the site's colour mode, whatever changed it (toggle, system, another tab). */
export function useDarkMode(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false)
}
