/**
 * Text typed but not yet saved, kept on this device per user and per document, so a reload,
 * a crash, a sign-out elsewhere or a save the server refuses never loses it. IndexedDB rather
 * than localStorage: a document may be a megabyte or more, beyond localStorage's few MB per
 * site. Keys carry the user id, so someone else signing in on this browser never sees it.
 */
export interface LocalDraft {
  userId: string
  documentId: string
  /** The text in the editor. */
  body: string
  /** The server's text it was typed on, to tell whether the document changed elsewhere since. */
  baseBody: string
  /** When it was kept (ms since the epoch), for "unsaved text from 14:02". */
  keptAt: number
}

const DATABASE = 'folio-drafts'
const STORE = 'drafts'

let opening: Promise<IDBDatabase | null> | null = null

function openDatabase(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null)
    const request = indexedDB.open(DATABASE, 1)
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: ['userId', 'documentId'] })
    }
    request.onsuccess = () => resolve(request.result)
    // Private windows of some browsers refuse IndexedDB: the editor still works, unguarded.
    request.onerror = () => resolve(null)
    request.onblocked = () => resolve(null)
  })
  return opening
}

function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  return openDatabase().then(
    (db) =>
      new Promise<T | undefined>((resolve) => {
        if (!db) return resolve(undefined)
        try {
          const request = work(db.transaction(STORE, mode).objectStore(STORE))
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => resolve(undefined)
        } catch {
          resolve(undefined)
        }
      }),
  )
}

export async function readDraft(userId: string, documentId: string): Promise<LocalDraft | null> {
  const found = await run<LocalDraft | undefined>('readonly', (store) =>
    store.get([userId, documentId]),
  )
  return found && found.userId === userId && typeof found.body === 'string' ? found : null
}

export async function keepDraft(draft: LocalDraft): Promise<void> {
  await run('readwrite', (store) => store.put(draft))
}

export async function forgetDraft(userId: string, documentId: string): Promise<void> {
  await run('readwrite', (store) => store.delete([userId, documentId]))
}
