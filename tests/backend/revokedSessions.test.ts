import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import { PNG, client, makePro, serviceClient, signedInUser, startTestBackend } from './helpers.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

/** One user signed in on two devices; `other` keeps its (still unexpired) access token. */
async function twoDevices(label: string) {
  const user = await signedInUser(backend, label)
  await makePro(backend, user.id)
  const other = client(backend)
  const signedIn = await other.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  })
  if (signedIn.error) throw signedIn.error
  return { ...user, here: user.supabase, other }
}

describe('a revoked session loses data access at once', () => {
  it("refuses the other device's reads and writes after 'sign out other devices'", async () => {
    const { id, here, other } = await twoDevices('revoked-others')
    const created = await other
      .from('documents')
      .insert({ title: 'Draft', body: 'typed on the laptop' })
      .select('id')
      .single()
    expect(created.error).toBeNull()
    const docId = (created.data as { id: string }).id
    const path = `${id}/cat.png`
    const upload = await other.storage
      .from('attachments')
      .upload(path, PNG, { contentType: 'image/png' })
    expect(upload.error).toBeNull()

    expect((await here.auth.signOut({ scope: 'others' })).error).toBeNull()

    // The other device's access token has not expired, yet nothing of the user's is reachable.
    expect((await other.from('documents').select('id')).data).toEqual([])
    expect((await other.from('document_heads').select('id')).data).toEqual([])
    const update = await other
      .from('documents')
      .update({ body: 'overwritten by a signed-out tab' })
      .eq('id', docId)
      .select('id')
    expect(update.data).toEqual([])
    const insert = await other.from('documents').insert({ title: 'After sign-out' })
    expect(insert.error?.code).toBe('42501')
    // Deleting is marking the row (deleted_at), an update like any other.
    const remove = await other
      .from('documents')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', docId)
      .select('id')
    expect(remove.data).toEqual([])
    expect((await other.from('profiles').select('id')).data).toEqual([])
    expect((await other.from('subscriptions').select('id')).data).toEqual([])
    // Nor what the subscriptions amount to: the plan is not told, as at aal1.
    expect((await other.rpc('current_plan')).data).toBeNull()
    expect((await other.storage.from('attachments').download(path)).data).toBeNull()
    expect((await other.storage.from('attachments').list(id)).data).toEqual([])
    const reupload = await other.storage
      .from('attachments')
      .upload(`${id}/dog.png`, PNG, { contentType: 'image/png' })
    expect((reupload.error as { statusCode?: string } | null)?.statusCode).toBe('403')

    // The device that signed the others out keeps working, and the text was not touched.
    const mine = await here.from('documents').select('body').eq('id', docId).single()
    expect(mine.data).toEqual({ body: 'typed on the laptop' })
    expect((await here.from('document_heads').select('id')).data).toEqual([{ id: docId }])
    expect((await here.from('profiles').select('id')).data).toEqual([{ id }])
    expect((await here.from('subscriptions').select('user_id')).data).toEqual([{ user_id: id }])
    expect((await here.rpc('current_plan')).data).toBe('pro')
    expect((await here.storage.from('attachments').download(path)).error).toBeNull()
  })

  it('refuses every device after a global sign-out, and leaves the service role alone', async () => {
    const { id, here, other } = await twoDevices('revoked-global')
    expect((await here.from('documents').insert({ title: 'Kept' })).error).toBeNull()
    const token = (await here.auth.getSession()).data.session!.access_token

    expect((await other.auth.signOut({ scope: 'global' })).error).toBeNull()

    // `here` still holds its token locally (it was not the one that signed out).
    expect((await here.auth.getSession()).data.session?.access_token).toBe(token)
    expect((await here.from('documents').select('id')).data).toEqual([])
    expect((await here.from('documents').insert({ title: 'Ghost' })).error?.code).toBe('42501')

    const admin = serviceClient(backend)
    const rows = await admin.from('documents').select('title').eq('user_id', id)
    expect(rows.data).toEqual([{ title: 'Kept' }])
    expect((await admin.from('subscriptions').select('user_id').eq('user_id', id)).data).toEqual([
      { user_id: id },
    ])
  })

  it('does not let a token name a session of another user', async () => {
    const a = await signedInUser(backend, 'session-a')
    const b = await signedInUser(backend, 'session-b')
    expect((await a.supabase.from('documents').insert({ title: 'A' })).error).toBeNull()
    // b signs out everywhere: a's live session must not keep b's token alive either way.
    expect((await b.supabase.auth.signOut({ scope: 'global' })).error).toBeNull()
    expect((await a.supabase.from('documents').select('title')).data).toEqual([{ title: 'A' }])
  })
})
