import { useEffect } from 'react'

/**
 * Warns before the tab is closed or reloaded while text is unsaved (the browser's own prompt).
 * Moving inside the site needs no warning: unsaved text is kept on this device and comes back
 * when the document is opened again, and the guard must be free to send a signed-out tab to
 * the sign-in page.
 */
export function useUnsavedChangesWarning(hasUnsavedChanges: () => boolean): void {
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return
      event.preventDefault()
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', beforeUnload)
    return () => window.removeEventListener('beforeunload', beforeUnload)
  }, [hasUnsavedChanges])
}
