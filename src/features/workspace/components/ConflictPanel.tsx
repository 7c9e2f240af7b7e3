import { useState } from 'react'
import type { ConflictChoice } from '../documentSession'
import type { WorkspaceDocument } from '../types'

interface ConflictPanelProps {
  mine: string
  theirs: WorkspaceDocument
  onChoose: (choice: ConflictChoice) => void
}

function savedAt(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
}

/**
 * A save found a newer version saved elsewhere. Nothing is saved until the person chooses, and
 * both texts can be read side by side first.
 */
export function ConflictPanel({ mine, theirs, onChoose }: ConflictPanelProps) {
  const [comparing, setComparing] = useState(false)
  return (
    <section
      className="conflict-panel"
      role="alert"
      aria-labelledby="conflict-title"
      data-testid="conflict-panel"
    >
      <h3 id="conflict-title">This document changed elsewhere</h3>
      <p>
        Another tab or device saved a different version at {savedAt(theirs.updated_at)}. Your text
        is still here and has not been saved over it. Which one should Folio keep?
      </p>
      <div className="button-row">
        <button type="button" className="button button--small" onClick={() => onChoose('mine')}>
          Keep mine
        </button>
        <button type="button" className="button button--small" onClick={() => onChoose('theirs')}>
          Take theirs
        </button>
        <button
          type="button"
          className="button button--small"
          aria-expanded={comparing}
          onClick={() => setComparing((open) => !open)}
        >
          {comparing ? 'Hide comparison' : 'View both'}
        </button>
      </div>
      {comparing ? (
        <div className="conflict-panel__compare">
          <figure>
            <figcaption>Your version (not saved)</figcaption>
            <pre data-testid="conflict-mine" tabIndex={0}>
              {mine}
            </pre>
          </figure>
          <figure>
            <figcaption>Saved elsewhere at {savedAt(theirs.updated_at)}</figcaption>
            <pre data-testid="conflict-theirs" tabIndex={0}>
              {theirs.body}
            </pre>
          </figure>
          <p className="conflict-panel__hint">
            Or keep both texts in this document, marked, and tidy up by hand:{' '}
            <button type="button" className="link-button" onClick={() => onChoose('both')}>
              Keep both
            </button>
          </p>
        </div>
      ) : null}
    </section>
  )
}
