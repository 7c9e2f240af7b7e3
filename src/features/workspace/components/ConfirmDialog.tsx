import { useEffect, useRef } from 'react'

interface ConfirmDialogProps {
  title: string
  message: string
  confirmLabel: string
  onConfirm: () => void
  onCancel: () => void
}

/**
 * A modal question on the native <dialog>: focus is trapped, Escape cancels, and on closing
 * focus goes back to what opened it.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    const opener = document.activeElement
    if (element && !element.open) element.showModal()
    return () => {
      element?.close()
      // <dialog> hands focus back itself only when closed while still in the page; this one
      // leaves the page with the component, and focus would fall to <body>.
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [])
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-message"
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <h2 id="confirm-dialog-title">{title}</h2>
      <p id="confirm-dialog-message">{message}</p>
      <div className="button-row">
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button" onClick={onCancel} autoFocus>
          Cancel
        </button>
      </div>
    </dialog>
  )
}
