/**
 * A purged document's images go too (supabase/functions/purge-attachments): those no note of
 * their owner links to any more, once they are a day old, and only when the project itself asks.
 */
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import { PNG, makePro, serviceClient, signedInUser, startTestBackend } from './helpers.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend({ functionsDir: path.resolve('supabase/functions') })
})
afterAll(() => backend?.stop())

const png = () => new Blob([PNG], { type: 'image/png' })

async function proUser(label: string) {
  const user = await signedInUser(backend, label)
  await makePro(backend, user.id)
  return user
}

async function newDocument(supabase: SupabaseClient, title: string, body = '') {
  const { data, error } = await supabase
    .from('documents')
    .insert({ title, body })
    .select('id')
    .single()
  if (error) throw new Error(error.message)
  return (data as { id: string }).id
}

async function upload(supabase: SupabaseClient, path: string) {
  const { error } = await supabase.storage.from('attachments').upload(path, png())
  if (error) throw new Error(error.message)
  return path
}

/** The link the editor writes for an image (src/features/workspace/attachments.ts). */
const imageLink = (path: string) =>
  `![](${backend.url}/storage/v1/object/authenticated/attachments/${path})`

/** Deleted, then purged a week and a day later, as the daily purge would. */
async function purge(supabase: SupabaseClient, id: string) {
  const { error } = await supabase
    .from('documents')
    .update({ deleted_at: new Date().toISOString() })
    .eq('id', id)
  if (error) throw new Error(error.message)
  await backend.db.transaction(async (tx) => {
    await tx.exec(`alter table public.documents disable trigger documents_keep_deleted_closed`)
    await tx.query(
      `update public.documents set deleted_at = now() - interval '8 days' where id = $1`,
      [id],
    )
    await tx.exec(`alter table public.documents enable trigger documents_keep_deleted_closed`)
    await tx.exec('set local role service_role')
    await tx.query(`select private.purge_deleted_documents()`)
  })
}

/** Uploaded two days ago: past the day an import may take to write the image's document. */
async function ageObjects(names: string[]) {
  await backend.db.transaction((tx) =>
    tx.query(
      `update storage.objects set created_at = now() - interval '2 days'
       where bucket_id = 'attachments' and name = any($1::text[])`,
      [names],
    ),
  )
}

async function stored(): Promise<string[]> {
  const result = await backend.db.transaction((tx) =>
    tx.query<{ name: string }>(
      `select name from storage.objects where bucket_id = 'attachments' order by name`,
    ),
  )
  return result.rows.map((row) => row.name)
}

function callPurge(token: string) {
  return fetch(`${backend.url}/functions/v1/purge-attachments`, {
    method: 'POST',
    headers: {
      apikey: backend.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: '{}',
  })
}

describe('purging attachments', () => {
  it("removes a purged note's images that no note of their owner links to, and nothing else", async () => {
    const a = await proUser('purge-a')
    const b = await proUser('purge-b')
    const gone = await newDocument(a.supabase, 'Gone')
    const trashed = await newDocument(a.supabase, 'Trashed')
    const unlinked = await upload(a.supabase, `${a.id}/${gone}/1111-unlinked.png`)
    const pasted = await upload(a.supabase, `${a.id}/${gone}/2222-pasted_into-keeper.png`)
    const inTrash = await upload(a.supabase, `${a.id}/${trashed}/3333-in-trash.png`)
    const keeper = await newDocument(a.supabase, 'Keeper', `Moved here: ${imageLink(pasted)}`)
    const bGone = await newDocument(b.supabase, 'B gone')
    const bLive = await newDocument(b.supabase, 'B live')
    const bImage = await upload(b.supabase, `${b.id}/${bGone}/4444-b.png`)
    const bKept = await upload(b.supabase, `${b.id}/${bLive}/5555-b-live.png`)
    // A's keeper links to B's image too: A cannot read it, and it keeps nothing of B's.
    await a.supabase
      .from('documents')
      .update({ body: `${imageLink(pasted)} ${imageLink(bImage)}` })
      .eq('id', keeper)
    await purge(a.supabase, gone)
    await purge(b.supabase, bGone)
    const { error: trashError } = await a.supabase
      .from('documents')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', trashed)
    expect(trashError).toBeNull()
    await ageObjects([unlinked, pasted, inTrash, bImage, bKept])
    // Uploaded a moment ago for a document not written yet, as an import does.
    const importing = await upload(a.supabase, `${a.id}/${crypto.randomUUID()}/6666-importing.png`)

    const response = await callPurge(backend.serviceRoleKey)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ removed: 2, kept: 1 })
    const left = await stored()
    expect(left).not.toContain(unlinked)
    expect(left).not.toContain(bImage)
    expect(left).toEqual(expect.arrayContaining([pasted, inTrash, bKept, importing]))
    // What is left still opens for its owner.
    expect((await a.supabase.storage.from('attachments').download(pasted)).error).toBeNull()
  })

  it('runs for the project alone: a user, even signed in, and the anon key are refused', async () => {
    const user = await proUser('purge-caller')
    const gone = await newDocument(user.supabase, 'Gone')
    const image = await upload(user.supabase, `${user.id}/${gone}/7777-mine.png`)
    await purge(user.supabase, gone)
    await ageObjects([image])

    const asUser = await callPurge(user.session.access_token)
    expect(asUser.status).toBe(403)
    expect(await asUser.json()).toEqual({
      code: 'forbidden',
      error: 'Only the project itself may purge attachments.',
    })
    expect((await callPurge(backend.anonKey)).status).toBe(403)
    expect((await callPurge('not-a-token')).status).toBe(401)
    // Nor can a user ask the database which images are orphaned, theirs or anyone's.
    const listed = await user.supabase.rpc('orphaned_attachments')
    expect(listed.error).toMatchObject({ code: '42501' })
    expect(await stored()).toContain(image)
    // The service role may.
    const { data } = await serviceClient(backend).rpc('orphaned_attachments')
    expect(data).toEqual(expect.arrayContaining([{ name: image, owner_folder: user.id }]))
  })
})
