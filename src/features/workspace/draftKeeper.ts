/**
 * Mirrors an open document's unsaved text into the device's draft store: written a moment
 * after typing pauses, at least every `maxWaitMs` while it does not (and at once when the
 * document closes), forgotten once the server has the same text. Not more often: each write
 * copies the whole text, a megabyte for a long note. The server text it was typed on goes
 * along only with the first write on each version of the document.
 */
import type { DocumentSession } from './documentSession'
import type { DraftWrite } from './localDrafts'

export interface DraftStore {
  keep(draft: DraftWrite): Promise<void>
  forget(userId: string, documentId: string): Promise<void>
}

/** One document's keeper, as the document that started it stops it. */
export interface DraftKeeping {
  /** Stops keeping, writing first what was typed since the last write. */
  stop(): void
  /**
   * Writes at once what was typed since the last write, instead of after the pause; resolves
   * once it is stored (a sign-out counts what is left on the device right after).
   */
  keepNow(): Promise<void>
  /**
   * Stops keeping without writing again: the person chose to delete this device's unsaved
   * text, and the closing document must not put it back.
   */
  discard(): void
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
): DraftKeeping {
  let timer: ReturnType<typeof setTimeout> | null = null
  let kept = alreadyKept
  /** The version of the document whose text this keeper has stored as the base. */
  let storedBase: number | null = null
  /** When the oldest text not yet written was typed. */
  let waitingSince = 0
  /** The last write, once stored. */
  let writing: Promise<void> = Promise.resolve()

  const write = () => {
    timer = null
    const { draft, base } = session.getState()
    if (draft === base.body) return
    kept = true
    const baseStored = storedBase === base.version
    storedBase = base.version
    writing = store.keep({
      userId,
      documentId: session.id,
      body: draft,
      keptAt: now(),
      title: base.title,
      baseVersion: base.version,
      ...(baseStored ? {} : { baseBody: base.body }),
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
      storedBase = null
      void store.forget(userId, session.id)
    }
  }

  const unsubscribe = session.subscribe(onChange)
  const writeWaiting = () => {
    if (!timer) return
    clearTimeout(timer)
    write()
  }
  return {
    stop() {
      unsubscribe()
      writeWaiting()
    },
    keepNow() {
      writeWaiting()
      return writing.catch(() => undefined)
    },
    discard() {
      unsubscribe()
      if (timer) clearTimeout(timer)
      timer = null
    },
  }
}
