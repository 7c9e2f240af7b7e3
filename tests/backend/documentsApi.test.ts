/**
 * The app's own documents API (src/features/workspace/documentsApi) against the backend.
 * Saving: the saved row comes back with its new version, and without the text the tab has just
 * sent (for a long note that was a megabyte to receive and parse after every pause in typing).
 * Deleted documents: gone from every read the app makes, not counted towards the Free limit,
 * restorable by undo within the limit, deaf to edits from tabs that missed the delete, never
 * inserted as deleted, and purged later.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import {
  createDocument,
  deleteDocument,
  getDocument,
  listDocuments,
  renameDocument,
  restoreDocument,
  saveDocumentBody,
} from '../../src/features/workspace/documentsApi.ts'
import { serviceClient, signedInUser, startTestBackend } from './helpers.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

async function created(supabase: Parameters<typeof createDocument>[0], title: string) {
  const result = await createDocument(supabase, { title, body: `${title} body` })
  if (!result.ok) throw new Error(result.message)
  return result.data
}

describe('saving a document', () => {
  it('answers with the new version and the text as stored, without sending the text back', async () => {
    const { supabase } = await signedInUser(backend, 'save-answer')
    const doc = await created(supabase, 'Long')
    const body = `# Long\n\n${'A line of a long note, with ünïcode. '.repeat(5_000)}`

    const answers: number[] = []
    const realFetch = globalThis.fetch
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (...args) => {
      const response = await realFetch(...args)
      const method = args[1]?.method ?? (args[0] instanceof Request ? args[0].method : 'GET')
      if (method === 'PATCH') answers.push((await response.clone().text()).length)
      return response
    })
    const outcome = await saveDocumentBody(supabase, doc.id, body, doc.version)
    spy.mockRestore()

    expect(answers).toHaveLength(1)
    expect(answers[0]).toBeLessThan(1_000) // the row's id, title, version and times
    const stored = await getDocument(supabase, doc.id)
    expect(stored.ok && stored.data).toMatchObject({ body, version: doc.version + 1 })
    expect(outcome).toEqual({ kind: 'saved', document: stored.ok ? stored.data : null })
  })
})

describe('deleted documents', () => {
  it('are gone from the list and from opening by id, and edits to them change nothing', async () => {
    const { supabase } = await signedInUser(backend, 'trash')
    const kept = await created(supabase, 'Kept')
    const gone = await created(supabase, 'Gone')

    const deleted = await deleteDocument(supabase, gone.id)
    expect(deleted).toMatchObject({ ok: true, data: { id: gone.id, body: 'Gone body' } })
    const list = await listDocuments(supabase)
    expect(list.ok && list.data.map((d) => d.id)).toEqual([kept.id])
    expect(await getDocument(supabase, gone.id)).toEqual({ ok: true, data: null })

    // A tab that has not heard of the delete saves or renames: nothing changes, and the save
    // reports the document as gone.
    const save = await saveDocumentBody(supabase, gone.id, 'late edit', gone.version)
    expect(save).toEqual({ kind: 'conflict', current: null })
    expect((await renameDocument(supabase, gone.id, 'Renamed')).ok).toBe(false)
    const row = await serviceClient(backend)
      .from('documents')
      .select('title, body')
      .eq('id', gone.id)
      .single()
    expect(row.data).toEqual({ title: 'Gone', body: 'Gone body' })
    // Deleting twice is not an error, and hands back nothing to undo.
    expect(await deleteDocument(supabase, gone.id)).toEqual({ ok: true, data: null })
  })

  it('do not count towards the Free limit, and undo is checked against it', async () => {
    const { supabase } = await signedInUser(backend, 'trash-limit')
    const first = await created(supabase, 'One')
    await created(supabase, 'Two')
    await created(supabase, 'Three')
    expect((await deleteDocument(supabase, first.id)).ok).toBe(true)
    // Deleting made room at once.
    const fourth = await created(supabase, 'Four')

    const undo = await restoreDocument(supabase, first.id, { title: 'One', body: 'One body' })
    expect(undo).toMatchObject({ ok: false, kind: 'plan-limit' })
    expect(await getDocument(supabase, first.id)).toEqual({ ok: true, data: null })

    expect((await deleteDocument(supabase, fourth.id)).ok).toBe(true)
    const restored = await restoreDocument(supabase, first.id, { title: 'One', body: 'on screen' })
    expect(restored).toMatchObject({ ok: true, data: { id: first.id, body: 'on screen' } })
    const list = await listDocuments(supabase)
    expect(list.ok && list.data.map((d) => d.title).sort()).toEqual(['One', 'Three', 'Two'])
  })

  it('cannot be made by inserting a row already deleted, past the Free limit and the purge', async () => {
    const { supabase, id: userId } = await signedInUser(backend, 'trash-insert')
    for (const title of ['One', 'Two', 'Three']) await created(supabase, title)
    // Straight to the Data API, as an attacker would: a row "deleted" far in the future would
    // not count towards the limit, nor ever be old enough to purge, yet stays readable.
    const hidden = await supabase
      .from('documents')
      .insert({ title: 'Hidden', body: 'x'.repeat(1000), deleted_at: '9999-01-01T00:00:00Z' })
      .select('id')
    expect(hidden).toMatchObject({ data: null, error: { code: 'FL001' } })
    const rows = await serviceClient(backend)
      .from('documents')
      .select('title, deleted_at')
      .eq('user_id', userId)
    expect(rows.data).toHaveLength(3)
    expect(rows.data?.every((row) => row.deleted_at === null)).toBe(true)
  })

  it('keep no text for a Free account past the time undo can bring them back', async () => {
    const { supabase, id: userId } = await signedInUser(backend, 'trash-hoard')
    // Write three notes and delete them, three times over: deleted notes do not count towards
    // the Free limit and wait a week for the purge, so, readable, they would be a Free
    // account's way to keep any number of megabyte notes.
    const ids: string[] = []
    for (const round of [1, 2, 3])
      for (const n of [1, 2, 3]) {
        const doc = await created(supabase, `Round ${round}, note ${n}`)
        expect((await deleteDocument(supabase, doc.id)).ok).toBe(true)
        ids.push(doc.id)
      }
    const deletedTexts = () =>
      supabase.from('documents').select('id, body').not('deleted_at', 'is', null)
    const deletedHeads = () =>
      supabase.from('document_heads').select('id, title').not('deleted_at', 'is', null)
    expect((await deletedTexts()).data).toHaveLength(9)

    // Eleven minutes later, past the ten in which undo may still ask for them back.
    await backend.db.transaction(async (tx) => {
      await tx.exec(`alter table public.documents disable trigger documents_keep_deleted_closed`)
      await tx.query(
        `update public.documents set deleted_at = deleted_at - interval '11 minutes'
         where user_id = $1`,
        [userId],
      )
      await tx.exec(`alter table public.documents enable trigger documents_keep_deleted_closed`)
    })
    expect(await deletedTexts()).toMatchObject({ data: [], error: null })
    expect(await deletedHeads()).toMatchObject({ data: [], error: null })
    expect(await restoreDocument(supabase, ids[0]!, { title: 'Back', body: '' })).toEqual({
      ok: false,
      kind: 'failed',
      message: 'This document is gone for good and cannot come back.',
    })
    // Support can still bring one back by hand until the purge.
    const kept = await serviceClient(backend).from('documents').select('id').eq('user_id', userId)
    expect(kept.data).toHaveLength(9)
  })

  it('are purged after the grace period, by the service role only', async () => {
    const { supabase, id: userId } = await signedInUser(backend, 'trash-purge')
    const old = await created(supabase, 'Old')
    const recent = await created(supabase, 'Recent')
    const live = await created(supabase, 'Live')
    await deleteDocument(supabase, old.id)
    await deleteDocument(supabase, recent.id)
    // Back-date one delete by a week and a day, past the trigger that keeps deleted rows as
    // they are (as the table's owner could, in one transaction).
    await backend.db.transaction(async (tx) => {
      await tx.exec(`alter table public.documents disable trigger documents_keep_deleted_closed`)
      await tx.query(
        `update public.documents set deleted_at = now() - interval '8 days' where id = $1`,
        [old.id],
      )
      await tx.exec(`alter table public.documents enable trigger documents_keep_deleted_closed`)
    })

    const asUser = await backend.db
      .transaction(async (tx) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: userId, role: 'authenticated', aal: 'aal1' }),
        ])
        await tx.exec('set local role authenticated')
        return tx.query(`select private.purge_deleted_documents(interval '0')`)
      })
      .then(
        () => 'ran',
        (error: { code?: string }) => error.code,
      )
    expect(asUser).toBe('42501')

    const purged = await backend.db.transaction(async (tx) => {
      await tx.exec('set local role service_role')
      return tx.query<{ n: number }>(`select private.purge_deleted_documents() as n`)
    })
    expect(purged.rows[0]!.n).toBe(1)
    // Undo after the purge says so in words.
    expect(await restoreDocument(supabase, old.id, { title: 'Old', body: '' })).toEqual({
      ok: false,
      kind: 'failed',
      message: 'This document is gone for good and cannot come back.',
    })
    const left = await serviceClient(backend)
      .from('documents')
      .select('id')
      .eq('user_id', userId)
      .order('title')
    expect(left.data?.map((d) => d.id)).toEqual([live.id, recent.id])
  })
})

describe('the list', () => {
  it('holds every document, past the 1,000 rows one read of the Data API returns', async () => {
    const { id, supabase } = await signedInUser(backend, 'list-pages')
    // Written straight into the database: as many documents as a Pro account may keep.
    await backend.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`)
      await tx.query(
        `insert into public.documents (user_id, title, updated_at)
           select $1, 'Note ' || n, now() - n * interval '1 second' from generate_series(1, 1005) n`,
        [id],
      )
    })
    const list = await listDocuments(supabase)
    if (!list.ok) throw new Error(list.message)
    expect(list.data).toHaveLength(1005)
    expect(new Set(list.data.map((doc) => doc.id)).size).toBe(1005)
    expect(list.data[0]!.title).toBe('Note 1')
    expect(list.data.at(-1)!.title).toBe('Note 1005')
  })
})
