/**
 * Mirrors an open document's unsaved text into the device's draft store: written a moment
 * after typing pauses, at least every `maxWaitMs` while it does not (and at once when the
 * document closes), forgotten once the server has the same text. Not more often: each write
 * copies the whole text, a megabyte for a long note.
 */
import type { DocumentSession } from './documentSession'
import type { LocalDraft } from './localDrafts'

export interface DraftStore {
  keep(draft: LocalDraft): Promise<void>
  forget(userId: string, documentId: string): Promise<void>
}

export function keepDraftsOf(
  session: DocumentSession,
  userId: string,
  store: DraftStore,
  {
    delayMs = 300,
    maxWaitMs = 2_000,
    now = Date.now,
    /** A draft is already stored for this document (it was just restored). */
    alreadyKept = false,
  } = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  let kept = alreadyKept
  /** When the oldest text not yet written was typed. */
  let waitingSince = 0

  const write = () => {
    timer = null
    const { draft, base } = session.getState()
    if (draft === base.body) return
    kept = true
    void store.keep({
      userId,
      documentId: session.id,
      body: draft,
      baseBody: base.body,
      keptAt: now(),
    })
  }

  const onChange = () => {
    const { draft, base } = session.getState()
    if (draft !== base.body) {
      const at = now()
      if (!timer) waitingSince = at
      else clearTimeout(timer)
      timer = setTimeout(write, Math.max(0, Math.min(delayMs, waitingSince + maxWaitMs - at)))
      return
    }
    if (timer) clearTimeout(timer)
    timer = null
    if (kept) {
      kept = false
      void store.forget(userId, session.id)
    }
  }

  const unsubscribe = session.subscribe(onChange)
  return () => {
    unsubscribe()
    if (timer) {
      clearTimeout(timer)
      write()
    }
  }
}
