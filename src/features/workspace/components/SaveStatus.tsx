import type { SessionState } from '../documentSession'
import { useOnline } from '../useOnline'

interface SaveStatusProps {
  state: SessionState
  onRetry: () => void
}

function label(state: SessionState): string {
  switch (state.status) {
    case 'saved':
      return 'Saved'
    case 'pending':
      return 'Unsaved changes'
    case 'saving':
      return 'Saving…'
    case 'offline':
      return 'Offline: your text is kept here and saved when you reconnect'
    case 'failed':
      return 'Not saved: Folio will try again'
    case 'too-large':
      return 'Not saved: this document is over the size limit'
    case 'conflict':
      return 'Not saved: this document changed elsewhere'
    case 'deleted':
      return 'Not saved: this document was deleted elsewhere'
  }
}

const QUIET = new Set<SessionState['status']>(['saved', 'pending', 'saving'])

/** The autosave state; failures, offline and conflicts are announced to screen readers. */
export function SaveStatus({ state, onRetry }: SaveStatusProps) {
  const canRetry = state.status === 'failed' || state.status === 'offline'
  // With the browser offline the list's live indicator (LiveStatus) already says so, and that the
  // text is kept: said here too, a screen reader heard the same news twice in a row. A save that
  // found no server while the browser thinks it is online is said only here, and is announced.
  const online = useOnline()
  const sameNewsAsLiveStatus = state.status === 'offline' && !online
  return (
    <div className={`save-status save-status--${state.status}`}>
      <span
        role="status"
        // Announce what needs attention; "saving… saved" on every pause in typing would be noise.
        aria-live={QUIET.has(state.status) || sameNewsAsLiveStatus ? 'off' : 'polite'}
        data-testid="save-status"
        data-status={state.status}
      >
        {label(state)}
      </span>
      {(state.status === 'failed' || state.status === 'too-large') && state.error ? (
        <span className="save-status__detail">{state.error}</span>
      ) : null}
      {canRetry ? (
        <button type="button" className="link-button" onClick={onRetry}>
          Retry now
        </button>
      ) : null}
    </div>
  )
}
