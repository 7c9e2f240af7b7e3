/**
 * Hands the editor's text to the document session when typing pauses, instead of on every
 * keystroke. Reading the whole text out of CodeMirror (`doc.toString()`) and everything the
 * session then does with it (the save status, the size check, the preview's next render) costs
 * time in proportion to the document: for a 1 MB note, several milliseconds per key, which is
 * what made long notes lag. Here a keystroke only marks the text as changed; it is read once
 * the person pauses (`quietMs`), in time the browser has to spare, and at the latest `maxWaitMs`
 * after the first unread keystroke, so the preview and the "Unsaved changes" status still follow
 * continuous typing. `flush` reads it at once, for whoever needs the very latest text (saving
 * now, leaving, the editor losing focus).
 *
 * A pause is 250 ms, longer than most gaps between keys within a word. The handover's work (the
 * session's render, the preview's answer and patch, and their frames) takes the main thread for a
 * few milliseconds, and a key that lands meanwhile waits. With 120 ms, the handover ran between
 * most keystrokes of ordinary typing: the editor bench's 100 KB note gave p95 17.6–19.3 ms over
 * four runs, against 13.5–17.1 ms with 250 ms; the preview then shows typed text 0.27–0.36 s
 * after the last key instead of 0.13–0.24 s.
 */
import { whenIdle as pageIdle } from '../../../lib/whenIdle'

export interface TextHandover {
  /** A keystroke (or any change) happened; the text will be read soon. */
  changed(): void
  /** Reads and delivers the text now if a change is waiting; otherwise does nothing. */
  flush(): void
  /** Stops the timers; a waiting change is dropped (flush first to keep it). */
  dispose(): void
}

export interface TextHandoverOptions {
  read: () => string
  deliver: (text: string) => void
  quietMs?: number
  maxWaitMs?: number
  /** Runs work when the page is idle (requestIdleCallback); injectable for tests. */
  whenIdle?: (work: () => void, timeoutMs: number) => () => void
}

export function createTextHandover({
  read,
  deliver,
  quietMs = 250,
  maxWaitMs = 400,
  whenIdle = pageIdle,
}: TextHandoverOptions): TextHandover {
  let waiting = false
  let firstChangeAt = 0
  let quietTimer: ReturnType<typeof setTimeout> | null = null
  let cancelIdle: (() => void) | null = null

  function stopTimers(): void {
    if (quietTimer) clearTimeout(quietTimer)
    quietTimer = null
    cancelIdle?.()
    cancelIdle = null
  }

  function flush(): void {
    stopTimers()
    if (!waiting) return
    waiting = false
    deliver(read())
  }

  function readWhenIdle(): void {
    quietTimer = null
    cancelIdle ??= whenIdle(() => {
      cancelIdle = null
      flush()
    }, 100)
  }

  return {
    changed() {
      const now = Date.now()
      if (!waiting) firstChangeAt = now
      waiting = true
      if (cancelIdle) return // already due
      if (quietTimer) clearTimeout(quietTimer)
      const overdueIn = firstChangeAt + maxWaitMs - now
      quietTimer = setTimeout(readWhenIdle, Math.max(0, Math.min(quietMs, overdueIn)))
    },
    flush,
    dispose() {
      stopTimers()
      waiting = false
    },
  }
}
