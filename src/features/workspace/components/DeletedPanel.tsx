interface DeletedPanelProps {
  hasText: boolean
  onSaveAsNew: () => void
  onClose: () => void
}

/** The open document was deleted in another tab or device; its text can still be kept. */
export function DeletedPanel({ hasText, onSaveAsNew, onClose }: DeletedPanelProps) {
  return (
    <section className="conflict-panel" role="alert" aria-labelledby="deleted-title">
      <h3 id="deleted-title">This document was deleted elsewhere</h3>
      <p>
        Another tab or device deleted it.{' '}
        {hasText ? 'Your text is still here: keep it as a new document, or let it go.' : null}
      </p>
      <div className="button-row">
        {hasText ? (
          <button
            type="button"
            className="button button--small button--primary"
            onClick={onSaveAsNew}
          >
            Save as a new document
          </button>
        ) : null}
        <button type="button" className="button button--small" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  )
}
