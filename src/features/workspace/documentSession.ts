/**
 * Autosave and conflict detection for one open document, with no framework and no network of
 * its own (the save function is passed in), so every rule here is unit-tested.
 *
 * Rules:
 * - Typing schedules a save after a short pause; each save names the version the text was
 *   based on, and the database accepts it only if that is still the current version.
 * - A save that fails keeps the text and retries with growing delays (at once when the browser
 *   comes back online); edits made meanwhile ride along with the next attempt.
 * - A change from elsewhere that touched only the title is merged silently. One that changed
 *   the text while this tab also has unsaved text is a conflict: nothing is saved until the
 *   person chooses, and both texts stay available.
 * - An unmodified document simply takes the newer text from elsewhere.
 * - Text over the database's size limit is never sent, and a save the database refused as too
 *   large is not retried: it could never succeed. The text stays; shortening it saves again.
 * - The editor hands its text over when typing pauses, not on every keystroke (copying a
 *   megabyte per key is what made long notes lag). Whatever needs the very latest text (a save
 *   now, the question "is anything unsaved?", closing) first asks the editor for what it still
 *   holds, through `attachPendingText`.
 */
import { documentBytes, isTooLarge, tooLargeMessage } from './documentLimits'
import type { WorkspaceDocument } from './types'

export type SaveStatus =
  'saved' | 'pending' | 'saving' | 'offline' | 'failed' | 'too-large' | 'conflict' | 'deleted'

export type SaveOutcome =
  | { kind: 'saved'; document: WorkspaceDocument }
  /** The version did not match; `current` is the row as it is now (null: deleted). */
  | { kind: 'conflict'; current: WorkspaceDocument | null }
  | { kind: 'offline' }
  /** The database refused the text as over its size limit. */
  | { kind: 'too-large' }
  | { kind: 'failed'; message: string }

export type SaveBody = (id: string, body: string, baseVersion: number) => Promise<SaveOutcome>

export interface SessionState {
  status: SaveStatus
  /** The text in the editor. */
  draft: string
  /** The server's row that `draft` is based on. */
  base: WorkspaceDocument
  /** The other side of a conflict. */
  theirs: WorkspaceDocument | null
  error: string | null
  /** Increases whenever the draft is replaced from outside (theirs, a merge): the editor reloads. */
  replacedRevision: number
  /** When the last retry is due, for "retrying in 4 s". */
  retryAt: number | null
}

export interface SessionOptions {
  debounceMs?: number
  /** Delays between retries of a failed save; the last one repeats. */
  retryDelaysMs?: readonly number[]
}

export type ConflictChoice = 'mine' | 'theirs' | 'both'

const DEFAULT_RETRY_DELAYS = [1_000, 2_000, 5_000, 10_000, 30_000]
/** Title-only changes elsewhere are merged by re-saving; never loop forever on them. */
const MAX_QUIET_REBASES = 3

export class DocumentSession {
  private state: SessionState
  private readonly listeners = new Set<() => void>()
  private timer: ReturnType<typeof setTimeout> | null = null
  private inFlight: Promise<void> | null = null
  private failures = 0
  private pendingRemote: WorkspaceDocument | null | undefined = undefined
  private disposed = false
  private pendingText: (() => void) | null = null
  private readonly debounceMs: number
  private readonly retryDelays: readonly number[]

  constructor(
    initial: WorkspaceDocument,
    private readonly saveBody: SaveBody,
    options: SessionOptions = {},
  ) {
    this.debounceMs = options.debounceMs ?? 800
    this.retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS
    this.state = {
      status: 'saved',
      draft: initial.body,
      base: initial,
      theirs: null,
      error: null,
      replacedRevision: 0,
      retryAt: null,
    }
  }

  get id(): string {
    return this.state.base.id
  }

  getState = (): SessionState => this.state

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * `deliver` makes the editor call `edit` now with text it has not handed over yet (it does
   * nothing when there is none). Returns the function that detaches it.
   */
  attachPendingText(deliver: () => void): () => void {
    this.pendingText = deliver
    return () => {
      if (this.pendingText === deliver) this.pendingText = null
    }
  }

  /**
   * A keystroke whose text has not been handed over yet: the document is unsaved from now on,
   * and a save is due after the usual pause (it takes the text in first).
   */
  noteTyping(): void {
    if (this.state.status !== 'saved' || this.disposed) return
    this.update({ status: 'pending' })
    this.schedule(this.debounceMs)
  }

  /** Takes in text the editor still holds: before saving now, and before the session closes. */
  takePendingText(): void {
    if (!this.disposed) this.pendingText?.()
  }

  /** Resolves once no save is in flight: at once when none is. */
  idle(): Promise<void> {
    return (this.inFlight ?? Promise.resolve()).catch(() => undefined)
  }

  /** True while closing the tab would lose text. */
  hasUnsavedChanges(): boolean {
    this.takePendingText()
    return this.state.draft !== this.state.base.body || this.inFlight !== null
  }

  /** The person typed: `text` is the whole document. */
  edit(text: string): void {
    if (text === this.state.draft) return
    const { status } = this.state
    if (status === 'conflict' || status === 'deleted') {
      // Keep typing possible; the text waits for the person's choice.
      this.update({ draft: text })
      return
    }
    if (status === 'failed' || status === 'offline') {
      // A retry is already scheduled; it will carry this text.
      this.update({ draft: text })
      return
    }
    if (status === 'too-large') {
      if (isTooLarge(text)) {
        this.update({ draft: text, error: tooLargeMessage(documentBytes(text)) })
        return
      }
      // Short enough again: save as after any other edit.
      this.update({ error: null })
    }
    if (text === this.state.base.body && !this.inFlight) {
      this.clearTimer()
      this.update({ draft: text, status: 'saved' })
      return
    }
    this.update({ draft: text, status: this.inFlight ? 'saving' : 'pending' })
    this.schedule(this.debounceMs)
  }

  /** Saves now (the save shortcut, switching documents). Resolves true once all text is saved. */
  async flush(): Promise<boolean> {
    this.takePendingText()
    this.clearTimer()
    if (this.inFlight) await this.inFlight
    if (this.state.status === 'conflict' || this.state.status === 'deleted') return false
    if (this.state.draft !== this.state.base.body) await this.runSave()
    return !this.hasUnsavedChanges() && this.state.status === 'saved'
  }

  /** Try a failed or offline save again now (the browser came back online, or a click). */
  retryNow(): void {
    if (this.state.status !== 'failed' && this.state.status !== 'offline') return
    this.clearTimer()
    void this.runSave()
  }

  /**
   * Text this device kept but never saved (a reload, a crash, a refused save), put back when
   * the document opens. `baseBody` is the server text it was typed on: if the document was
   * saved elsewhere since (or that text is no longer known), the person chooses between the
   * two, as in any conflict.
   */
  restoreDraft(text: string, baseBody: string | null): void {
    if (text === this.state.draft || this.state.status !== 'saved') return
    if (baseBody !== this.state.base.body) {
      this.replaceDraft(text, { status: 'conflict', theirs: this.state.base })
      return
    }
    this.replaceDraft(text, { status: 'pending' })
    this.schedule(this.debounceMs)
  }

  /** A newer row from elsewhere (realtime), or null when it was deleted elsewhere. */
  receiveRemote(remote: WorkspaceDocument | null): void {
    this.takePendingText()
    if (this.inFlight) {
      // Our own save may be the cause; decide once it has answered.
      this.pendingRemote = remote
      return
    }
    const { base, draft } = this.state
    if (remote === null) {
      this.clearTimer()
      this.update({ status: 'deleted', theirs: null })
      return
    }
    if (remote.version <= base.version) return
    if (remote.body === base.body || remote.body === draft) {
      // Only the title changed, or the same text was saved elsewhere: nothing to choose.
      const clean = remote.body === draft
      if (clean) this.clearTimer()
      this.update({ base: remote, ...(clean ? { status: 'saved' as const, error: null } : {}) })
      return
    }
    if (draft === base.body) {
      this.replaceDraft(remote.body, { base: remote, status: 'saved' })
      return
    }
    this.clearTimer()
    this.update({ status: 'conflict', theirs: remote })
  }

  resolveConflict(choice: ConflictChoice): void {
    this.takePendingText()
    const { theirs, draft, status } = this.state
    if (status !== 'conflict' || !theirs) return
    if (choice === 'theirs') {
      this.replaceDraft(theirs.body, { base: theirs, theirs: null, status: 'saved', error: null })
      return
    }
    if (choice === 'both') {
      this.replaceDraft(mergeBoth(draft, theirs.body), { base: theirs, theirs: null })
    } else {
      this.update({ base: theirs, theirs: null })
    }
    // Saved on top of their version: their text is replaced only because the person chose so.
    this.update({ status: 'pending', error: null })
    void this.runSave()
  }

  dispose(): void {
    this.pendingText = null
    this.disposed = true
    this.clearTimer()
    this.listeners.clear()
  }

  private async runSave(): Promise<void> {
    if (this.inFlight) return this.inFlight
    this.inFlight = this.saveLoop().finally(() => {
      this.inFlight = null
      this.afterSave()
    })
    return this.inFlight
  }

  private async saveLoop(): Promise<void> {
    for (let rebases = 0; ; rebases += 1) {
      this.takePendingText()
      const snapshot = this.state.draft
      const base = this.state.base
      if (snapshot === base.body) {
        this.update({ status: 'saved', error: null, retryAt: null })
        return
      }
      if (isTooLarge(snapshot)) {
        this.update({
          status: 'too-large',
          error: tooLargeMessage(documentBytes(snapshot)),
          retryAt: null,
        })
        return
      }
      this.update({ status: 'saving' })
      const outcome = await this.saveBody(base.id, snapshot, base.version)
      if (this.disposed) return
      if (outcome.kind === 'saved') {
        this.failures = 0
        const savedDoc = { ...outcome.document, body: snapshot }
        const clean = this.state.draft === snapshot
        this.update({
          base: savedDoc,
          status: clean ? 'saved' : 'pending',
          error: null,
          retryAt: null,
        })
        if (!clean) continue // typed while saving: save the rest right away
        return
      }
      if (outcome.kind === 'conflict') {
        const current = outcome.current
        if (current === null) {
          this.update({ status: 'deleted', theirs: null, retryAt: null })
          return
        }
        if (current.body === snapshot) {
          this.update({ base: current })
          continue // the same text is already there (saved elsewhere)
        }
        if (current.body === base.body && rebases < MAX_QUIET_REBASES) {
          this.update({ base: current })
          continue // only the title changed elsewhere: save again on the new version
        }
        this.update({ status: 'conflict', theirs: current, retryAt: null })
        return
      }
      if (outcome.kind === 'too-large') {
        this.update({
          status: 'too-large',
          error: tooLargeMessage(documentBytes(snapshot)),
          retryAt: null,
        })
        return
      }
      this.failures += 1
      const delay =
        this.retryDelays[Math.min(this.failures - 1, this.retryDelays.length - 1)] ?? 30_000
      this.update({
        status: outcome.kind === 'offline' ? 'offline' : 'failed',
        error: outcome.kind === 'failed' ? outcome.message : null,
        retryAt: Date.now() + delay,
      })
      this.schedule(delay)
      return
    }
  }

  private afterSave(): void {
    if (this.disposed) return
    const remote = this.pendingRemote
    this.pendingRemote = undefined
    if (remote !== undefined) this.receiveRemote(remote)
  }

  private replaceDraft(text: string, patch: Partial<SessionState>): void {
    this.clearTimer()
    this.update({ ...patch, draft: text, replacedRevision: this.state.replacedRevision + 1 })
  }

  private schedule(delay: number): void {
    this.clearTimer()
    this.timer = setTimeout(() => {
      this.timer = null
      void this.runSave()
    }, delay)
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  private update(patch: Partial<SessionState>): void {
    if (this.disposed) return
    this.state = { ...this.state, ...patch }
    for (const listener of this.listeners) listener()
  }
}

/** Both texts in one, marked so the person can tidy up by hand; nothing is dropped. */
export function mergeBoth(mine: string, theirs: string): string {
  return [
    '<<<<<<< your version',
    mine.replace(/\n$/, ''),
    '=======',
    theirs.replace(/\n$/, ''),
    '>>>>>>> version saved elsewhere',
    '',
  ].join('\n')
}
