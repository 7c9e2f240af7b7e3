import { useEffect } from 'react'

interface UndoToastProps {
  message: string
  onUndo: () => void
  onExpire: () => void
  /** How long the undo stays offered. */
  durationMs?: number
}

/** "Deleted … Undo" for a few seconds, announced to screen readers. */
export function UndoToast({ message, onUndo, onExpire, durationMs = 8000 }: UndoToastProps) {
  useEffect(() => {
    const timer = setTimeout(onExpire, durationMs)
    return () => clearTimeout(timer)
  }, [onExpire, durationMs])
  return (
    <div className="toast" role="status" data-testid="undo-toast">
      <span>{message}</span>
      <button
        type="button"
        className="button button--small"
        onClick={onUndo}
        aria-keyshortcuts="Control+Z Meta+Z"
      >
        Undo
      </button>
      <span className="keyboard-hint">
        <kbd>Ctrl/⌘</kbd>+<kbd>Z</kbd>
      </span>
    </div>
  )
}
