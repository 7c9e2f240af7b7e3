import { useEffect, useRef, type RefObject } from 'react'

/**
 * Shows a <dialog> as a modal for as long as the component is in the page: focus is trapped
 * inside and Escape fires its `cancel` event. On leaving, focus goes back to what opened it.
 * <dialog> hands focus back itself only when closed while still in the page; these dialogs
 * leave the page with their component, and focus would fall to <body>, where the next Tab
 * starts again from the top.
 */
export function useModalDialog(): RefObject<HTMLDialogElement> {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    const opener = document.activeElement
    if (element && !element.open) element.showModal()
    return () => {
      element?.close()
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [])
  return dialog
}
