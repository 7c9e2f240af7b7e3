import { useEffect, useRef } from 'react'

/**
 * The dashboard entered without a document (after signing in, back from checkout or the account
 * page) opens the one this device had open last, so a person comes back to where they were
 * rather than to an empty pane. Kept per device and per account in localStorage, as the pane
 * sizes are; a document no longer in the list is not reopened.
 */
const STORAGE_PREFIX = 'folio.workspace.lastDocument.'

interface LastOpenDocumentOptions {
  userId: string
  selectedId: string | null
  /** The list has loaded; before that a remembered id cannot be checked against it. */
  listReady: boolean
  isInList: (id: string) => boolean
  /** Opens the document in place of the empty pane (a replace, not a new history entry). */
  reopen: (id: string) => void
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function useLastOpenDocument({
  userId,
  selectedId,
  listReady,
  isInList,
  reopen,
}: LastOpenDocumentOptions): void {
  const key = STORAGE_PREFIX + userId
  // Decided once per visit: leaving a document later (deleting it) does not bring another back.
  const decided = useRef(false)

  useEffect(() => {
    if (!selectedId) return
    try {
      window.localStorage.setItem(key, selectedId)
    } catch {
      // Storage full or off: the dashboard opens as it did before.
    }
  }, [key, selectedId])

  useEffect(() => {
    if (decided.current || !listReady) return
    decided.current = true
    if (selectedId) return
    const last = read(key)
    if (last && isInList(last)) reopen(last)
  }, [key, listReady, selectedId, isInList, reopen])
}
