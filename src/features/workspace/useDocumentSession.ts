/**
 * Opens one document: loads it, puts back text this device kept but never saved, runs its
 * DocumentSession (autosave, conflicts) with the unsaved text mirrored to the device, feeds
 * it the realtime changes for its row, and retries a failed save as soon as the browser is
 * back online.
 */
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { SupabaseClient } from '@supabase/supabase-js'
import { whenSigningOutHere } from '../auth'
import { getDocument, saveDocumentBody } from './documentsApi'
import { DocumentSession, type SaveOutcome, type SessionState } from './documentSession'
import { keepDraftsOf, type DraftKeeping } from './draftKeeper'
import { forgetDraft, keepDraft, readDraft, type LocalDraft } from './localDrafts'
import { offlineBase, rememberServerRow } from './offlineOpening'
import { followHeading } from './documentTitles'
import { SIGNED_OUT_MESSAGE, sessionHasEnded } from './sessionCheck'
import type { WorkspaceDocument } from './types'
import type { RemoteChangeListener } from './useDocuments'

export type OpenDocument =
  | { status: 'loading' }
  /** `keptText`: unsaved text this device still holds for the vanished document. */
  | { status: 'missing'; keptText: string | null; forgetKeptText: () => void }
  | { status: 'error'; message: string }
  | {
      status: 'ready'
      session: DocumentSession
      restoredAt: number | null
      /** Opened offline from what this tab and device hold (offlineOpening.ts). */
      fromDevice: boolean
    }

/** An open that failed offline is tried again by itself (below), so the word says that. */
const OPEN_OFFLINE_MESSAGE =
  'You are offline, so Folio could not open this document. It opens by itself once you are back online.'

const noSubscription = () => () => {}
const noState = () => null
const draftStore = { keep: keepDraft, forget: forgetDraft }

/**
 * A save that finds no row, or is refused, may mean this tab was signed out elsewhere: the
 * database hides the rows of an ended session. Then it is not "deleted elsewhere".
 */
async function saveChecked(
  supabase: SupabaseClient,
  base: WorkspaceDocument,
  body: string,
): Promise<SaveOutcome> {
  const title = followHeading(base.title, base.body, body) ?? undefined
  const outcome = await saveDocumentBody(supabase, base.id, body, base.version, title)
  const suspicious =
    (outcome.kind === 'conflict' && outcome.current === null) || outcome.kind === 'failed'
  if (suspicious && (await sessionHasEnded(supabase)))
    return { kind: 'failed', message: SIGNED_OUT_MESSAGE }
  return outcome
}

export function useDocumentSession(
  supabase: SupabaseClient | null,
  userId: string,
  id: string,
  onRemoteChange: (listener: RemoteChangeListener) => () => void,
): { open: OpenDocument; state: SessionState | null } {
  const [open, setOpen] = useState<OpenDocument>({ status: 'loading' })
  // Counts the attempts to open: a failed one is tried again when the browser is back online.
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!supabase) return
    let session: DocumentSession | null = null
    let keeping: DraftKeeping | null = null
    let stopSavingOnSignOut: (() => void) | null = null
    let cancelled = false
    let openFailed = false
    let openedFromDevice = false
    setOpen({ status: 'loading' })
    const start = (document: WorkspaceDocument, draft: LocalDraft | null, fromDevice: boolean) => {
      const opened: DocumentSession = new DocumentSession(document, (_id, body) =>
        saveChecked(supabase, opened.getState().base, body),
      )
      session = opened
      openedFromDevice = fromDevice
      const restore = draft && draft.body !== document.body ? draft : null
      if (restore) session.restoreDraft(restore.body, restore.baseBody)
      else if (draft && !fromDevice) void forgetDraft(userId, id) // the server has that text
      const kept = keepDraftsOf(session, userId, draftStore, { alreadyKept: Boolean(restore) })
      keeping = kept
      // Signing out of this device saves the last words first; once saved, the keeper above
      // forgets them, so none of the note stays in this browser. What could not be saved is
      // stored at once, for the sign-out to ask about (decision 0014).
      stopSavingOnSignOut = whenSigningOutHere({
        save: () => opened.flush(),
        keepUnsaved: () => kept.keepNow(),
        discardDrafts: () => kept.discard(),
      })
      // Opened from the device, its own notice says where the text came from: the one about
      // restored text would take its place once back online, over text by then saved.
      const restoredAt = fromDevice ? null : (restore?.keptAt ?? null)
      setOpen({ status: 'ready', session, restoredAt, fromDevice })
    }
    void Promise.all([getDocument(supabase, id), readDraft(userId, id)]).then(
      async ([result, draft]) => {
        if (cancelled) return
        if (!result.ok) {
          // Offline, the note opens from what this tab and this device hold, if they do.
          const held = result.kind === 'offline' ? offlineBase(userId, id, draft) : null
          if (held) return start(held, draft, true)
          openFailed = true
          return setOpen({
            status: 'error',
            message: result.kind === 'offline' ? OPEN_OFFLINE_MESSAGE : result.message,
          })
        }
        if (!result.data) {
          if (await sessionHasEnded(supabase)) return // the guard takes over
          return setOpen({
            status: 'missing',
            keptText: draft?.body.trim() ? draft.body : null,
            forgetKeptText: () => void forgetDraft(userId, id),
          })
        }
        rememberServerRow(userId, result.data)
        start(result.data, draft, false)
      },
    )
    const stopListening = onRemoteChange((changedId, head) => {
      if (changedId !== id || !session) return
      if (head === null) {
        session.receiveRemote(null)
        return
      }
      // Realtime says which version exists, not its text. Read the text only for a version
      // newer than this session's, once its own save has answered: its own saves come back
      // this way too, and a long note would otherwise be downloaded again after each one.
      const current = session
      void current
        .idle()
        .then(() =>
          cancelled || head.version <= current.getState().base.version
            ? null
            : getDocument(supabase, id),
        )
        .then((result) => {
          if (result?.ok && !cancelled) current.receiveRemote(result.data)
        })
    })
    // Back online: a failed save is sent again, a failed open is tried again. Listened to from
    // the start, so a connection back the moment after the failure is not missed. A note opened
    // from the device reads the server's row too: a version saved elsewhere meanwhile is taken
    // (nothing typed here) or becomes a conflict, as realtime's changes do.
    const online = () => {
      if (openFailed) return setAttempt((count) => count + 1)
      const current = session
      if (!current) return
      current.retryNow()
      if (openedFromDevice)
        void getDocument(supabase, id).then((result) => {
          if (!result.ok || cancelled) return
          current.receiveRemote(result.data)
          // Checked against the server: no longer the device's copy, should the connection go.
          openedFromDevice = false
          setOpen((previous) =>
            previous.status === 'ready' && previous.session === current
              ? { ...previous, fromDevice: false }
              : previous,
          )
        })
    }
    window.addEventListener('online', online)
    return () => {
      cancelled = true
      stopListening()
      stopSavingOnSignOut?.()
      window.removeEventListener('online', online)
      // The document closes: another page of the site, another document, signing out. Text
      // still waiting for the autosave pause is sent now rather than left on this device until
      // the next visit (another device would not see it). What the save comes to is no longer
      // shown: the draft kept below covers one that does not get through, and the next open
      // drops that draft silently when the server has the same text.
      void session?.flush()
      // What the server had of it, for opening it again offline (offlineOpening.ts).
      if (session) rememberServerRow(userId, session.getState().base)
      keeping?.stop()
      session?.dispose()
    }
  }, [supabase, userId, id, onRemoteChange, attempt])

  const session = open.status === 'ready' ? open.session : null
  const state = useSyncExternalStore(
    session?.subscribe ?? noSubscription,
    session?.getState ?? noState,
    noState,
  )
  return { open, state }
}
