import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  MAX_DOCUMENT_BYTES,
  documentBytes,
  sizeWarning,
} from '../../../src/features/workspace/documentLimits.ts'
import {
  DocumentSession,
  type SaveOutcome,
} from '../../../src/features/workspace/documentSession.ts'
import { keepDraftsOf } from '../../../src/features/workspace/draftKeeper.ts'
import type { DraftWrite } from '../../../src/features/workspace/localDrafts.ts'
import type { WorkspaceDocument } from '../../../src/features/workspace/types.ts'

const row = (body: string, version = 1): WorkspaceDocument => ({
  id: 'doc-1',
  title: 'Notes',
  body,
  version,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
})

function recordingSave(outcomes: SaveOutcome[] = []) {
  const calls: string[] = []
  let version = 1
  const save = async (_id: string, body: string): Promise<SaveOutcome> => {
    calls.push(body)
    const next = outcomes.shift()
    if (next) return next
    version += 1
    return { kind: 'saved', document: row(body, version) }
  }
  return { calls, save }
}

const retryDelaysMs = [1000, 5000]

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the document size limit', () => {
  it('never sends text over the limit, says why in words, and saves again once shortened', async () => {
    const { calls, save } = recordingSave()
    const session = new DocumentSession(row('short'), save, { debounceMs: 500, retryDelaysMs })
    // Multi-byte text: 400,000 characters, 1.2 MB in UTF-8, as Postgres counts it.
    const huge = '€'.repeat(400_000)
    expect(huge.length).toBeLessThan(MAX_DOCUMENT_BYTES)
    session.edit(huge)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls).toEqual([])
    expect(session.getState().status).toBe('too-large')
    expect(session.getState().error).toBe(
      'This document is 1.2 MB, over the 1 MB a document can hold, so Folio cannot save it. Shorten it or split it into two documents; until then your text is kept on this device.',
    )
    expect(session.getState().retryAt).toBeNull()
    expect(session.hasUnsavedChanges()).toBe(true)
    await expect(session.flush()).resolves.toBe(false)

    session.edit(`${huge}more`)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls).toEqual([])

    session.edit('short again')
    await vi.advanceTimersByTimeAsync(500)
    expect(calls).toEqual(['short again'])
    expect(session.getState()).toMatchObject({ status: 'saved', error: null })
  })

  it('stops retrying when the database refuses the text as too large', async () => {
    const { calls, save } = recordingSave([{ kind: 'too-large' }])
    const session = new DocumentSession(row(''), save, { debounceMs: 500, retryDelaysMs })
    session.edit('fits here, not there')
    await vi.advanceTimersByTimeAsync(120_000)
    expect(calls).toEqual(['fits here, not there'])
    expect(session.getState().status).toBe('too-large')
    expect(session.getState().draft).toBe('fits here, not there')
  })

  it('warns in words when a document nears the limit, and not before', () => {
    expect(sizeWarning('a'.repeat(700_000))).toBeNull()
    expect(sizeWarning('a'.repeat(900_000))).toBe(
      '900 KB of 1 MB: a document can hold up to 1 MB of text.',
    )
    expect(documentBytes('é')).toBe(2)
  })

  it('counts UTF-8 bytes exactly as the database does, for every kind of character', () => {
    const samples = [
      '',
      'plain ascii',
      'é, ß and ñ',
      '中文 and 日本語',
      'emoji 👩‍💻 and 𝔘',
      'a lone high \ud800 surrogate',
      'a lone low \udc00 surrogate',
      'ends on a high surrogate \ud83d',
      'ɑ'.repeat(1000) + '€'.repeat(1000),
    ]
    const encoder = new TextEncoder()
    for (const text of samples) expect(documentBytes(text)).toBe(encoder.encode(text).length)
  })
})

describe('drafts kept on the device', () => {
  function memoryStore() {
    const drafts = new Map<string, DraftWrite>()
    return {
      drafts,
      keep: async (draft: DraftWrite) =>
        void drafts.set(`${draft.userId}/${draft.documentId}`, draft),
      forget: async (userId: string, documentId: string) =>
        void drafts.delete(`${userId}/${documentId}`),
    }
  }

  it('keeps unsaved text per user and document, and forgets it once saved', async () => {
    const store = memoryStore()
    const { save } = recordingSave([{ kind: 'offline' }])
    const session = new DocumentSession(row('saved text'), save, { debounceMs: 500, retryDelaysMs })
    const keeping = keepDraftsOf(session, 'user-a', store, { delayMs: 100, now: () => 42 })
    session.edit('saved text and more')
    await vi.advanceTimersByTimeAsync(100)
    expect(store.drafts.get('user-a/doc-1')).toEqual({
      userId: 'user-a',
      documentId: 'doc-1',
      body: 'saved text and more',
      keptAt: 42,
      title: 'Notes',
      baseVersion: 1,
      baseBody: 'saved text',
    })
    await vi.advanceTimersByTimeAsync(400) // the save: offline, text kept
    expect(session.getState().status).toBe('offline')
    expect(store.drafts.has('user-a/doc-1')).toBe(true)
    await vi.advanceTimersByTimeAsync(1000) // the retry succeeds
    expect(session.getState().status).toBe('saved')
    expect(store.drafts.size).toBe(0)
    keeping.stop()
  })

  it('writes once typing pauses, and every couple of seconds while it does not', async () => {
    const session = new DocumentSession(row('saved text'), async () => ({ kind: 'offline' }), {
      debounceMs: 60_000,
    })
    const store = memoryStore()
    let writes = 0
    const counting = {
      ...store,
      keep: (draft: DraftWrite) => {
        writes += 1
        return store.keep(draft)
      },
    }
    keepDraftsOf(session, 'user-a', counting, { delayMs: 300, maxWaitMs: 2_000 })
    for (let i = 1; i <= 60; i += 1) {
      session.edit(`saved text${'!'.repeat(i)}`) // a key every 50 ms for 3 s
      await vi.advanceTimersByTimeAsync(50)
    }
    expect(writes).toBe(1) // at 2 s, not every 300 ms
    await vi.advanceTimersByTimeAsync(300)
    expect(writes).toBe(2)
    expect(store.drafts.get('user-a/doc-1')?.body).toBe(`saved text${'!'.repeat(60)}`)
  })

  it('writes pending text at once when the document closes', async () => {
    const store = memoryStore()
    const { save } = recordingSave()
    const session = new DocumentSession(row(''), save, { debounceMs: 500, retryDelaysMs })
    const keeping = keepDraftsOf(session, 'user-a', store, { delayMs: 100 })
    session.edit('typed just before a reload')
    keeping.stop()
    expect(store.drafts.get('user-a/doc-1')?.body).toBe('typed just before a reload')
  })

  it('writes pending text at once when a sign-out asks, and resolves once it is stored', async () => {
    const store = memoryStore()
    let stored: () => void = () => {}
    const slow = {
      ...store,
      keep: (draft: DraftWrite) =>
        new Promise<void>((resolve) => {
          stored = () => resolve(void store.drafts.set('user-a/doc-1', draft))
        }),
    }
    const session = new DocumentSession(row(''), recordingSave().save, { debounceMs: 500 })
    const keeping = keepDraftsOf(session, 'user-a', slow, { delayMs: 300 })
    session.edit('typed just before signing out')
    let kept = false
    void keeping.keepNow().then(() => (kept = true))
    await Promise.resolve()
    expect(kept).toBe(false) // the write has not been stored yet
    stored()
    await vi.waitFor(() => expect(kept).toBe(true))
    expect(store.drafts.get('user-a/doc-1')?.body).toBe('typed just before signing out')
  })

  it('writes nothing more once discarded, not even when the document closes', async () => {
    const store = memoryStore()
    const session = new DocumentSession(row(''), async () => ({ kind: 'offline' }), {
      debounceMs: 500,
    })
    const keeping = keepDraftsOf(session, 'user-a', store, { delayMs: 100 })
    session.edit('to be deleted')
    keeping.discard()
    session.edit('to be deleted, and more')
    await vi.advanceTimersByTimeAsync(1_000)
    keeping.stop()
    expect(store.drafts.size).toBe(0)
  })

  it('sends the server text along with the first write on each version, not with every write', async () => {
    const store = memoryStore()
    const written: DraftWrite[] = []
    const recording = { ...store, keep: async (draft: DraftWrite) => void written.push(draft) }
    const { save } = recordingSave()
    const session = new DocumentSession(row('v1'), save, { debounceMs: 1_000, retryDelaysMs })
    keepDraftsOf(session, 'user-a', recording, { delayMs: 100 })
    session.edit('v1 a')
    await vi.advanceTimersByTimeAsync(100)
    session.edit('v1 ab')
    await vi.advanceTimersByTimeAsync(100)
    await vi.advanceTimersByTimeAsync(1_000) // saved: the document is at version 2
    session.edit('v2 c')
    await vi.advanceTimersByTimeAsync(100)
    expect(
      written.map(({ body, baseVersion, baseBody }) => ({ body, baseVersion, baseBody })),
    ).toEqual([
      { body: 'v1 a', baseVersion: 1, baseBody: 'v1' },
      { body: 'v1 ab', baseVersion: 1, baseBody: undefined },
      { body: 'v2 c', baseVersion: 2, baseBody: 'v1 ab' },
    ])
  })

  it('puts a kept draft back and saves it when the server text is what it was typed on', async () => {
    const { calls, save } = recordingSave()
    const session = new DocumentSession(row('base'), save, { debounceMs: 500, retryDelaysMs })
    session.restoreDraft('base plus unsaved', 'base')
    expect(session.getState()).toMatchObject({ draft: 'base plus unsaved', status: 'pending' })
    await vi.advanceTimersByTimeAsync(500)
    expect(calls).toEqual(['base plus unsaved'])
  })

  it('turns a kept draft into a choice when the document was saved elsewhere since', async () => {
    const { calls, save } = recordingSave()
    const session = new DocumentSession(row('changed elsewhere', 3), save, {
      debounceMs: 500,
      retryDelaysMs,
    })
    session.restoreDraft('my offline text', 'the old text')
    await vi.advanceTimersByTimeAsync(5000)
    expect(calls).toEqual([])
    expect(session.getState()).toMatchObject({ status: 'conflict', draft: 'my offline text' })
    expect(session.getState().theirs?.body).toBe('changed elsewhere')
  })
})
