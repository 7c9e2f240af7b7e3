/**
 * Text typed but not yet saved, kept on this device per user and per document, so a reload,
 * a crash, a sign-out elsewhere or a save the server refuses never loses it. IndexedDB rather
 * than localStorage: a document may be a megabyte or more, beyond localStorage's few MB per
 * site. Keys carry the user id, so someone else signing in on this browser never sees it.
 *
 * The server text a draft was typed on (its base) is stored apart from the draft, once per
 * version of the document: a draft is written every couple of seconds while someone types,
 * and copying the base with each write doubled what the main thread serialised (a 1 MB note:
 * 20–88 ms a write with its base, 14–27 ms without, in Chromium).
 */
export interface LocalDraft {
  userId: string
  documentId: string
  /** The text in the editor. */
  body: string
  /**
   * The server's text it was typed on, to tell whether the document changed elsewhere since;
   * null when that text is no longer stored (treated as changed: the person chooses).
   */
  baseBody: string | null
  /** When it was kept (ms since the epoch), for "unsaved text from 14:02". */
  keptAt: number
  /** The version `baseBody` was; null for drafts written before versions were kept. */
  baseVersion: number | null
  /** The document's title when it was kept; null for drafts written before titles were. */
  title: string | null
}

/** One write of a draft: the base text comes along only when this version is not stored yet. */
export interface DraftWrite {
  userId: string
  documentId: string
  body: string
  keptAt: number
  /** The document's title as the list shows it, for naming it when signing out. */
  title?: string
  baseVersion: number
  baseBody?: string
}

interface StoredDraft {
  userId: string
  documentId: string
  body: string
  keptAt: number
  /** Drafts written before titles were kept have none. */
  title?: string
  baseVersion?: number
  /** Drafts written before bases were stored apart (database version 1) carry it inline. */
  baseBody?: string
}

interface StoredBase {
  userId: string
  documentId: string
  version: number
  body: string
}

const DATABASE = 'folio-drafts'
const DRAFTS = 'drafts'
const BASES = 'bases'

let opening: Promise<IDBDatabase | null> | null = null

function openDatabase(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null)
    const request = indexedDB.open(DATABASE, 2)
    request.onupgradeneeded = (event) => {
      const db = request.result
      if (event.oldVersion < 1) db.createObjectStore(DRAFTS, { keyPath: ['userId', 'documentId'] })
      if (event.oldVersion < 2)
        db.createObjectStore(BASES, { keyPath: ['userId', 'documentId', 'version'] })
    }
    request.onsuccess = () => resolve(request.result)
    // Private windows of some browsers refuse IndexedDB: the editor still works, unguarded.
    request.onerror = () => resolve(null)
    request.onblocked = () => resolve(null)
  })
  return opening
}

/**
 * Runs `work` in one transaction over both stores; resolves with its result once the
 * transaction has committed, or undefined when storage is unavailable or the write failed.
 */
function run<T>(
  mode: IDBTransactionMode,
  work: (drafts: IDBObjectStore, bases: IDBObjectStore) => Promise<T> | T,
): Promise<T | undefined> {
  return openDatabase().then(
    (db) =>
      new Promise<T | undefined>((resolve) => {
        if (!db) return resolve(undefined)
        try {
          const transaction = db.transaction([DRAFTS, BASES], mode)
          let result: T | undefined
          void Promise.resolve(
            work(transaction.objectStore(DRAFTS), transaction.objectStore(BASES)),
          ).then(
            (value) => (result = value),
            () => transaction.abort(),
          )
          transaction.oncomplete = () => resolve(result)
          transaction.onerror = () => resolve(undefined)
          transaction.onabort = () => resolve(undefined)
        } catch {
          resolve(undefined)
        }
      }),
  )
}

function requested<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/** Every stored base of one document, whatever its version. */
function basesOf(userId: string, documentId: string): IDBKeyRange {
  return IDBKeyRange.bound([userId, documentId, -Infinity], [userId, documentId, Infinity])
}

export async function readDraft(userId: string, documentId: string): Promise<LocalDraft | null> {
  const found = await run('readonly', async (drafts, bases) => {
    const draft = (await requested(drafts.get([userId, documentId]))) as StoredDraft | undefined
    if (!draft || draft.userId !== userId || typeof draft.body !== 'string') return null
    if (typeof draft.baseBody === 'string') return { ...draft, baseBody: draft.baseBody }
    const base = (await requested(bases.get([userId, documentId, draft.baseVersion ?? -1]))) as
      StoredBase | undefined
    return { ...draft, baseBody: base?.body ?? null }
  })
  if (!found) return null
  const { body, baseBody, keptAt, baseVersion, title } = found
  return {
    userId,
    documentId,
    body,
    baseBody,
    keptAt,
    baseVersion: typeof baseVersion === 'number' ? baseVersion : null,
    title: typeof title === 'string' ? title : null,
  }
}

export async function keepDraft(write: DraftWrite): Promise<void> {
  const { userId, documentId, body, keptAt, baseVersion, baseBody, title } = write
  await run('readwrite', (drafts, bases) => {
    const draft: StoredDraft = { userId, documentId, body, keptAt, baseVersion, title }
    drafts.put(draft)
    if (baseBody === undefined) return
    // A new base replaces the older ones: the one draft per document now points at it.
    bases.delete(basesOf(userId, documentId))
    const base: StoredBase = { userId, documentId, version: baseVersion, body: baseBody }
    bases.put(base)
  })
}

export async function forgetDraft(userId: string, documentId: string): Promise<void> {
  await run('readwrite', (drafts, bases) => {
    drafts.delete([userId, documentId])
    bases.delete(basesOf(userId, documentId))
  })
}

/** Every key of one user's records, whatever the document: arrays sort after strings. */
function everythingOf(userId: string): IDBKeyRange {
  return IDBKeyRange.bound([userId], [userId, []])
}

/** A document this user has unsaved text of on this device; its title when one was kept. */
export interface DraftedDocument {
  documentId: string
  title: string | null
}

/**
 * The documents this user has unsaved text of on this device, the most recently typed in
 * first, as the dashboard lists documents.
 */
export async function draftedDocumentsOf(userId: string): Promise<DraftedDocument[]> {
  const found = await run('readonly', (drafts) => requested(drafts.getAll(everythingOf(userId))))
  return ((found ?? []) as StoredDraft[])
    .sort((a, b) => b.keptAt - a.keptAt)
    .map(({ documentId, title }) => ({
      documentId,
      title: typeof title === 'string' ? title : null,
    }))
}

/**
 * Deletes all this user's unsaved text on this device, with the server text it was typed on.
 * False when the store could not be reached or the deletion failed: the text may still be there.
 */
export async function forgetDraftsOf(userId: string): Promise<boolean> {
  const done = await run('readwrite', (drafts, bases) => {
    drafts.delete(everythingOf(userId))
    bases.delete(everythingOf(userId))
    return true
  })
  return done === true
}
