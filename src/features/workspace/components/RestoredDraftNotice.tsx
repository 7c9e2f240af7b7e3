import { useState } from 'react'

interface RestoredDraftNoticeProps {
  /** When the text was kept on this device (ms since the epoch). */
  keptAt: number
}

function when(keptAt: number): string {
  const kept = new Date(keptAt)
  const sameDay = kept.toDateString() === new Date().toDateString()
  return sameDay
    ? `at ${kept.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`
    : `on ${kept.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`
}

/** Says that the editor shows text this device kept, not the last saved version. */
export function RestoredDraftNotice({ keptAt }: RestoredDraftNoticeProps) {
  const [dismissed, setDismissed] = useState(false)
  if (dismissed) return null
  return (
    <div className="form-message form-message--info restored-draft" role="status">
      <p>Text you had not saved yet (kept on this device {when(keptAt)}) is back in the editor.</p>
      <button type="button" className="link-button" onClick={() => setDismissed(true)}>
        Dismiss
      </button>
    </div>
  )
}
