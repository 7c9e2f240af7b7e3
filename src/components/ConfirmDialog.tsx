import '../styles/forms.css'
import type { ReactNode } from 'react'
import { useModalDialog } from './useModalDialog'

interface ConfirmDialogProps {
  title: string
  message: ReactNode
  /** What the question is about, item by item, under the message. */
  details?: ReactNode
  /** Why the last answer did not work, above the question. */
  error?: ReactNode
  confirmLabel: string
  /** What keeps things as they are; it has the focus when the question opens. */
  cancelLabel?: string
  onConfirm: () => void
  onCancel: () => void
}

/**
 * A modal question on the native <dialog>: focus is trapped, Escape cancels, and on closing
 * focus goes back to what opened it. The destructive answer is never the one focused.
 */
export function ConfirmDialog({
  title,
  message,
  details,
  error,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialog = useModalDialog()
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
      {error}
      <p id="confirm-dialog-message">{message}</p>
      {details}
      <div className="button-row">
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button" onClick={onCancel} autoFocus>
          {cancelLabel}
        </button>
      </div>
    </dialog>
  )
}
