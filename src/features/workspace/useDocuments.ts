/**
 * The signed-in user's documents: the list, the plan, and the realtime feed that keeps both
 * this list and an open document current when another tab or device changes something.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type {
  RealtimeChannel,
  RealtimePostgresChangesPayload,
  SupabaseClient,
} from '@supabase/supabase-js'
import {
  createDocument,
  currentPlan,
  deleteDocument,
  listDocuments,
  renameDocument,
  restoreDocument,
  type Result,
} from './documentsApi'
import { removeSummary, upsertSummary } from './documentSummaries'
import { sessionHasEnded } from './sessionCheck'
import type { DocumentSummary, PlanId, WorkspaceDocument } from './types'

/** A document changed elsewhere (its head), or was deleted (null). */
export type RemoteChangeListener = (id: string, head: DocumentSummary | null) => void

type ListChange = (list: DocumentSummary[]) => DocumentSummary[]

/**
 * What Realtime sends about a document: its head, never its text
 * (supabase/migrations/20261126000000_realtime_sends_document_heads.sql).
 */
type DocumentHead = DocumentSummary & { user_id: string; deleted_at: string | null }

export interface DocumentsState {
  status: 'loading' | 'ready' | 'error'
  documents: DocumentSummary[]
  error: string | null
  plan: PlanId | null
  /** Whether changes from elsewhere are arriving (the realtime channel is joined). */
  live: boolean
}

/** How long after the server shut the channel a new one joins; doubling, up to REJOIN_MAX_MS. */
const REJOIN_FIRST_MS = 1_000
const REJOIN_MAX_MS = 30_000

export function useDocuments(supabase: SupabaseClient | null, userId: string) {
  const [state, setState] = useState<DocumentsState>({
    status: 'loading',
    documents: [],
    error: null,
    plan: null,
    live: false,
  })
  const remoteListeners = useRef(new Set<RemoteChangeListener>())
  // Changes made to the list (realtime events, this tab's own writes) while a refresh is in
  // flight: its answer may predate them, so they are replayed on top of it instead of being
  // overwritten by it (a document created on another device during the catch-up refresh
  // would otherwise vanish from this list).
  const inFlightRefreshes = useRef(new Set<ListChange[]>())
  // Each round is one realtime channel; a channel the server shut is followed by the next.
  const [channelRound, setChannelRound] = useState(0)
  const rejoinDelay = useRef(REJOIN_FIRST_MS)

  const apply = useCallback((change: ListChange) => {
    for (const replay of inFlightRefreshes.current) replay.push(change)
    setState((previous) => ({ ...previous, documents: change(previous.documents) }))
  }, [])

  const refresh = useCallback(async () => {
    if (!supabase) return
    const replay: ListChange[] = []
    inFlightRefreshes.current.add(replay)
    try {
      const [list, plan] = await Promise.all([
        listDocuments(supabase),
        currentPlan(supabase, userId),
      ])
      // An ended session sees no rows at all: that is a sign-out (the guard takes over), not
      // an empty workspace.
      if (list.ok && list.data.length === 0 && (await sessionHasEnded(supabase))) return
      setState((previous) =>
        list.ok
          ? {
              ...previous,
              status: 'ready',
              documents: replay.reduce((documents, change) => change(documents), list.data),
              error: null,
              plan,
            }
          : {
              ...previous,
              status: previous.status === 'ready' ? 'ready' : 'error',
              error: list.message,
              plan,
            },
      )
    } finally {
      inFlightRefreshes.current.delete(replay)
    }
  }, [supabase, userId])

  useEffect(() => {
    void refresh()
  }, [refresh])

  useEffect(() => {
    if (!supabase) return
    let leaving = false
    let rejoin: ReturnType<typeof setTimeout> | undefined
    let channel: RealtimeChannel | undefined
    // Private: only this user, at the assurance level and with the session their documents
    // need, may join it, and nobody may send on it (decision 0050).
    const join = () => {
      if (leaving) return
      channel = supabase
        .channel(`documents:${userId}`, { config: { private: true } })
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'document_heads' },
          (payload: RealtimePostgresChangesPayload<DocumentHead>) => {
            // A delete arrives as the update that marks the row (deleted_at); a DELETE event
            // would come from removing the row outright, which only the purge does.
            const gone =
              payload.eventType === 'DELETE'
                ? (payload.old as Partial<DocumentHead>).id
                : payload.new.deleted_at
                  ? payload.new.id
                  : undefined
            if (payload.eventType === 'DELETE' || gone) {
              if (!gone) return
              apply((list) => removeSummary(list, gone))
              for (const listener of remoteListeners.current) listener(gone, null)
              return
            }
            const head = payload.new
            apply((list) => upsertSummary(list, head))
            for (const listener of remoteListeners.current) listener(head.id, head)
          },
        )
        .subscribe((status) => {
          const live = status === 'SUBSCRIBED'
          setState((previous) => ({ ...previous, live }))
          if (live) {
            rejoinDelay.current = REJOIN_FIRST_MS
            // (Re)joined: catch up with whatever changed while the channel was down.
            void refresh()
          }
          // The server shut the channel, as hosted Realtime does once its token has expired
          // (a device that slept through the refresh). realtime-js drops a shut channel for
          // good, so a new one joins, with the session's token as it is by then.
          if (status === 'CLOSED' && !leaving) {
            rejoin = setTimeout(() => setChannelRound((round) => round + 1), rejoinDelay.current)
            rejoinDelay.current = Math.min(rejoinDelay.current * 2, REJOIN_MAX_MS)
          }
        })
    }
    // The join carries the token Realtime was last handed, and supabase-js hands it a new one
    // on SIGNED_IN and TOKEN_REFRESHED only: after the two-factor step it still holds the
    // password-only token, which the channel's policies refuse. setAuth() with no token asks
    // the session for its current one first.
    supabase.realtime.setAuth().then(join, join)
    return () => {
      leaving = true
      clearTimeout(rejoin)
      if (channel) void supabase.removeChannel(channel)
    }
  }, [supabase, userId, refresh, apply, channelRound])

  const onRemoteChange = useCallback((listener: RemoteChangeListener) => {
    remoteListeners.current.add(listener)
    return () => {
      remoteListeners.current.delete(listener)
    }
  }, [])

  const create = useCallback(
    async (fields: { title: string; body?: string }): Promise<Result<WorkspaceDocument>> => {
      if (!supabase) return { ok: false, kind: 'offline', message: 'Still connecting to Folio…' }
      const result = await createDocument(supabase, fields)
      if (result.ok) apply((list) => upsertSummary(list, result.data))
      return result
    },
    [supabase, apply],
  )

  const rename = useCallback(
    async (id: string, title: string): Promise<Result<DocumentSummary>> => {
      if (!supabase) return { ok: false, kind: 'offline', message: 'Still connecting to Folio…' }
      const result = await renameDocument(supabase, id, title)
      if (result.ok) apply((list) => upsertSummary(list, result.data))
      return result
    },
    [supabase, apply],
  )

  const remove = useCallback(
    async (id: string): Promise<Result<WorkspaceDocument | null>> => {
      if (!supabase) return { ok: false, kind: 'offline', message: 'Still connecting to Folio…' }
      const result = await deleteDocument(supabase, id)
      if (result.ok) apply((list) => removeSummary(list, id))
      return result
    },
    [supabase, apply],
  )

  const restore = useCallback(
    async (
      id: string,
      fields: { title: string; body: string },
    ): Promise<Result<WorkspaceDocument>> => {
      if (!supabase) return { ok: false, kind: 'offline', message: 'Still connecting to Folio…' }
      const result = await restoreDocument(supabase, id, fields)
      if (result.ok) apply((list) => upsertSummary(list, result.data))
      return result
    },
    [supabase, apply],
  )

  return { ...state, refresh, onRemoteChange, create, rename, remove, restore }
}

export type DocumentsApi = ReturnType<typeof useDocuments>
