/**
 * Opens one document: loads it, runs its DocumentSession (autosave, conflicts), feeds it the
 * realtime changes for its row, and retries a failed save as soon as the browser is back online.
 */
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { SupabaseClient } from '@supabase/supabase-js'
import { getDocument, saveDocumentBody } from './documentsApi'
import { DocumentSession, type SessionState } from './documentSession'
import type { RemoteChangeListener } from './useDocuments'

export type OpenDocument =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; session: DocumentSession }

const noSubscription = () => () => {}
const noState = () => null

export function useDocumentSession(
  supabase: SupabaseClient | null,
  id: string,
  onRemoteChange: (listener: RemoteChangeListener) => () => void,
): { open: OpenDocument; state: SessionState | null } {
  const [open, setOpen] = useState<OpenDocument>({ status: 'loading' })

  useEffect(() => {
    if (!supabase) return
    let session: DocumentSession | null = null
    let cancelled = false
    setOpen({ status: 'loading' })
    void getDocument(supabase, id).then((result) => {
      if (cancelled) return
      if (!result.ok) return setOpen({ status: 'error', message: result.message })
      if (!result.data) return setOpen({ status: 'missing' })
      session = new DocumentSession(result.data, (docId, body, version) =>
        saveDocumentBody(supabase, docId, body, version),
      )
      setOpen({ status: 'ready', session })
    })
    const stopListening = onRemoteChange((changedId, row) => {
      if (changedId !== id || !session) return
      if (row && typeof row.body !== 'string') {
        // Postgres leaves an unchanged large (TOASTed) column out of the change it streams,
        // so a rename of a long note arrives without its body: read the row instead.
        const current = session
        void getDocument(supabase, id).then((result) => {
          if (result.ok && !cancelled) current.receiveRemote(result.data)
        })
        return
      }
      session.receiveRemote(row)
    })
    const online = () => session?.retryNow()
    window.addEventListener('online', online)
    return () => {
      cancelled = true
      stopListening()
      window.removeEventListener('online', online)
      session?.dispose()
    }
  }, [supabase, id, onRemoteChange])

  const session = open.status === 'ready' ? open.session : null
  const state = useSyncExternalStore(
    session?.subscribe ?? noSubscription,
    session?.getState ?? noState,
    noState,
  )
  return { open, state }
}
