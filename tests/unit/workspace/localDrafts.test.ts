/**
 * The device's draft store against an IndexedDB implementation (fake-indexeddb), each test on
 * a fresh database and a fresh copy of the module (it keeps its open connection).
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { beforeEach, describe, expect, it, vi } from 'vitest'

type Drafts = typeof import('../../../src/features/workspace/localDrafts.ts')

let drafts: Drafts

beforeEach(async () => {
  vi.stubGlobal('indexedDB', new IDBFactory())
  vi.stubGlobal('IDBKeyRange', IDBKeyRange)
  vi.resetModules()
  drafts = await import('../../../src/features/workspace/localDrafts.ts')
})

const write = { userId: 'user-a', documentId: 'doc-1', keptAt: 42 }

describe('drafts kept on the device', () => {
  it('reads a draft back with the server text of the version it was typed on', async () => {
    await drafts.keepDraft({ ...write, body: 'v3 and more', baseVersion: 3, baseBody: 'v3' })
    await drafts.keepDraft({ ...write, body: 'v3 and more still', baseVersion: 3, keptAt: 43 })
    expect(await drafts.readDraft('user-a', 'doc-1')).toEqual({
      userId: 'user-a',
      documentId: 'doc-1',
      body: 'v3 and more still',
      baseBody: 'v3',
      keptAt: 43,
      baseVersion: 3,
      title: null,
    })
  })

  it('keeps only the newest base of a document', async () => {
    await drafts.keepDraft({ ...write, body: 'on v3', baseVersion: 3, baseBody: 'v3' })
    await drafts.keepDraft({ ...write, body: 'on v4', baseVersion: 4, baseBody: 'v4' })
    expect((await drafts.readDraft('user-a', 'doc-1'))?.baseBody).toBe('v4')
    // Another tab still typing on version 3 points at a base that is gone: the text is kept,
    // and the unknown base makes it a choice for the person rather than a silent save.
    await drafts.keepDraft({ ...write, body: 'still on v3', baseVersion: 3 })
    expect(await drafts.readDraft('user-a', 'doc-1')).toMatchObject({
      body: 'still on v3',
      baseBody: null,
    })
  })

  it('never gives one user the draft of another, nor of another document', async () => {
    await drafts.keepDraft({ ...write, body: 'mine', baseVersion: 1, baseBody: '' })
    expect(await drafts.readDraft('user-b', 'doc-1')).toBeNull()
    expect(await drafts.readDraft('user-a', 'doc-2')).toBeNull()
  })

  it('forgets the draft and its base', async () => {
    await drafts.keepDraft({ ...write, body: 'typed', baseVersion: 1, baseBody: 'saved' })
    await drafts.keepDraft({
      ...write,
      documentId: 'doc-2',
      body: 'other',
      baseVersion: 1,
      baseBody: 'x',
    })
    await drafts.forgetDraft('user-a', 'doc-1')
    expect(await drafts.readDraft('user-a', 'doc-1')).toBeNull()
    await drafts.keepDraft({ ...write, body: 'typed again', baseVersion: 1 })
    expect((await drafts.readDraft('user-a', 'doc-1'))?.baseBody).toBeNull()
    expect((await drafts.readDraft('user-a', 'doc-2'))?.baseBody).toBe('x')
  })

  it('reads drafts written before bases were stored apart', async () => {
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open('folio-drafts', 1)
      request.onupgradeneeded = () =>
        request.result
          .createObjectStore('drafts', { keyPath: ['userId', 'documentId'] })
          .put({ ...write, body: 'old draft', baseBody: 'old base' })
      request.onsuccess = () => {
        request.result.close()
        resolve()
      }
      request.onerror = () => reject(request.error)
    })
    expect(await drafts.readDraft('user-a', 'doc-1')).toEqual({
      ...write,
      body: 'old draft',
      baseBody: 'old base',
      baseVersion: null,
      title: null,
    })
  })

  it("lists one user's drafted documents, and deletes all of them and their bases at once", async () => {
    await drafts.keepDraft({ ...write, body: 'a1', title: 'Plan', baseVersion: 1, baseBody: 'a' })
    await drafts.keepDraft({
      ...write,
      documentId: 'doc-2',
      keptAt: 43,
      body: 'a2',
      baseVersion: 1,
      baseBody: 'b',
    })
    // Someone else at this browser, including an id the first one is a prefix of.
    for (const userId of ['user-b', 'user-aa'])
      await drafts.keepDraft({ ...write, userId, body: 'theirs', baseVersion: 1, baseBody: 'b' })
    // The most recently kept first; doc-2's draft was written before titles were kept.
    expect(await drafts.draftedDocumentsOf('user-a')).toEqual([
      { documentId: 'doc-2', title: null },
      { documentId: 'doc-1', title: 'Plan' },
    ])

    expect(await drafts.forgetDraftsOf('user-a')).toBe(true)
    expect(await drafts.draftedDocumentsOf('user-a')).toEqual([])
    expect(await drafts.readDraft('user-a', 'doc-1')).toBeNull()
    // Bases too: a draft written now on version 1 finds no base (none is left to read).
    await drafts.keepDraft({ ...write, body: 'new', baseVersion: 1 })
    expect((await drafts.readDraft('user-a', 'doc-1'))?.baseBody).toBeNull()
    for (const userId of ['user-b', 'user-aa'])
      expect((await drafts.readDraft(userId, 'doc-1'))?.body).toBe('theirs')
  })
})
