import { useEffect } from 'react'

interface UndoToastProps {
  message: string
  /** Offers Undo; without it the toast only says what happened (the undo done). */
  onUndo?: () => void
  onExpire: () => void
  /** How long the toast stays. */
  durationMs?: number
}

/**
 * "Deleted … Undo" for a few seconds, then, if undone, "Restored …". Put in the workspace's
 * toast region, which is on the page from the start so that what a toast says is announced.
 */
export function UndoToast({ message, onUndo, onExpire, durationMs = 8000 }: UndoToastProps) {
  useEffect(() => {
    const timer = setTimeout(onExpire, durationMs)
    return () => clearTimeout(timer)
  }, [onExpire, durationMs])
  return (
    <div className="toast" data-testid="undo-toast">
      <span>{message}</span>
      {onUndo ? (
        <>
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
        </>
      ) : null}
    </div>
  )
}
