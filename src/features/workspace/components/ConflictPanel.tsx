import { useMemo, useState } from 'react'
import type { ConflictChoice } from '../documentSession'
import { lineDiff } from '../lineDiff'
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
 * A save found a newer version saved elsewhere. Nothing is saved until the person chooses; the
 * three choices are alike (buttons), and the differences can be read first, line by line.
 */
export function ConflictPanel({ mine, theirs, onChoose }: ConflictPanelProps) {
  const [comparing, setComparing] = useState(false)
  const time = savedAt(theirs.updated_at)
  return (
    <section
      className="conflict-panel"
      role="alert"
      aria-labelledby="conflict-title"
      data-testid="conflict-panel"
    >
      <h3 id="conflict-title">This document changed elsewhere</h3>
      <p>
        Another tab or device saved a different version at {time}. Your text is still here and has
        not been saved over it. Which one should Folio keep?
      </p>
      <div className="button-row">
        <button type="button" className="button button--small" onClick={() => onChoose('mine')}>
          Keep mine
        </button>
        <button type="button" className="button button--small" onClick={() => onChoose('theirs')}>
          Take theirs
        </button>
        <button type="button" className="button button--small" onClick={() => onChoose('both')}>
          Keep both
        </button>
        <button
          type="button"
          className="button button--small"
          aria-expanded={comparing}
          aria-controls="conflict-diff"
          onClick={() => setComparing((open) => !open)}
        >
          {comparing ? 'Hide comparison' : 'View both'}
        </button>
      </div>
      <p className="conflict-panel__hint">
        Keep both puts the two texts in this document, one after the other and marked, for you to
        tidy up.
      </p>
      {comparing ? <ConflictDiff saved={theirs.body} mine={mine} savedTime={time} /> : null}
    </section>
  )
}

function ConflictDiff({
  saved,
  mine,
  savedTime,
}: {
  saved: string
  mine: string
  savedTime: string
}) {
  const lines = useMemo(() => lineDiff(saved, mine), [saved, mine])
  const changed = lines.some((line) => line.kind !== 'same')
  return (
    <figure id="conflict-diff" className="conflict-diff">
      <figcaption>
        <span className="conflict-diff__key conflict-diff__key--removed">
          − only in the version saved at {savedTime}
        </span>
        <span className="conflict-diff__key conflict-diff__key--added">
          + only in yours (not saved)
        </span>
      </figcaption>
      {changed ? (
        // Focusable so a long comparison can be scrolled from the keyboard.
        <pre data-testid="conflict-diff" tabIndex={0}>
          {lines.map((line, index) =>
            line.kind === 'same' ? (
              <span key={index} className="diff-line">
                {'  '}
                {line.text}
                {'\n'}
              </span>
            ) : line.kind === 'removed' ? (
              <del key={index} className="diff-line diff-line--removed">
                <span className="visually-hidden">Saved elsewhere: </span>
                <span aria-hidden="true">− </span>
                {line.text}
                {'\n'}
              </del>
            ) : (
              <ins key={index} className="diff-line diff-line--added">
                <span className="visually-hidden">Yours: </span>
                <span aria-hidden="true">+ </span>
                {line.text}
                {'\n'}
              </ins>
            ),
          )}
        </pre>
      ) : (
        <p className="status-note">The two versions have the same text.</p>
      )}
    </figure>
  )
}
