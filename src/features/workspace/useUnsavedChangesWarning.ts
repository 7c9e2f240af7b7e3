import { useEffect } from 'react'
import { useBlocker } from 'react-router-dom'

export const UNSAVED_CHANGES_MESSAGE =
  'Some of your text is not saved yet. Leave anyway and lose it?'

/**
 * Warns before the page is left while text is unsaved: the browser's own prompt for closing or
 * reloading the tab, a confirmation for links inside the site.
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

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && hasUnsavedChanges(),
  )
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    if (window.confirm(UNSAVED_CHANGES_MESSAGE)) blocker.proceed()
    else blocker.reset()
  }, [blocker])
}
