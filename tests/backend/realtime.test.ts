import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import { client, signedInUser, startTestBackend } from './helpers.ts'
import { listen, waitFor } from './realtimeListen.ts'

// Documents are published as their heads (20261126000000_realtime_sends_document_heads.sql):
// kept by the database in step with the document, readable by its owner only, written by no
// client.
let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

type Doc = {
  id: string
  title: string
  user_id: string
  version: number
  deleted_at: string | null
}

describe('realtime postgres_changes', () => {
  it("delivers a user's own document changes, deletes included, and nobody else's", async () => {
    const alice = await signedInUser(backend, 'alice')
    const bob = await signedInUser(backend, 'bob')
    // Alice's second device: another client signed in as her.
    const aliceDevice = client(backend)
    const signIn = await aliceDevice.auth.signInWithPassword({
      email: alice.email,
      password: alice.password,
    })
    const aliceOther = { ...alice, supabase: aliceDevice, session: signIn.data.session! }

    // What Realtime publishes about documents: their heads, never their text.
    const aliceFeed = await listen<Doc>(aliceOther, 'document_heads')
    const bobFeed = await listen<Doc>(bob, 'document_heads')
    const textFeed = await listen<Doc>(aliceOther, 'documents')

    const created = await alice.supabase
      .from('documents')
      .insert({ title: 'Hello' })
      .select('id')
      .single()
    const id = (created.data as { id: string }).id
    await alice.supabase.from('documents').update({ body: 'Some text' }).eq('id', id)
    await alice.supabase.from('documents').update({ title: 'Hello again' }).eq('id', id)
    await bob.supabase.from('documents').insert({ title: 'Bob private' })
    // Deleting is marking: an UPDATE, which Realtime checks against RLS like any other.
    const deleted = await alice.supabase
      .from('documents')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', id)
      .select('id')
    expect(deleted.data).toEqual([{ id }])
    // Removing the row, which hosted Realtime would announce to every subscriber, is refused.
    const hardDelete = await alice.supabase.from('documents').delete().eq('id', id)
    expect(hardDelete.error?.code).toBe('42501')

    await waitFor(() => aliceFeed.received.length >= 4)
    await backend.realtimeSettled()
    await waitFor(() => bobFeed.received.length >= 1)
    expect(aliceFeed.received.map((c) => c.eventType)).toEqual([
      'INSERT',
      'UPDATE',
      'UPDATE',
      'UPDATE',
    ])
    expect(aliceFeed.received[0]!.new).toMatchObject({ id, title: 'Hello', user_id: alice.id })
    expect(aliceFeed.received[1]!.new).toMatchObject({ id, title: 'Hello', version: 2 })
    expect(aliceFeed.received[2]!.new).toMatchObject({ id, title: 'Hello again', deleted_at: null })
    expect((aliceFeed.received[3]!.new as Doc).deleted_at).toEqual(expect.any(String))
    for (const change of aliceFeed.received) expect(change.new).not.toHaveProperty('body')
    // The documents table itself is not published.
    expect(textFeed.received).toEqual([])

    // The purge removes the row for good; nobody hears of that (the publication does not
    // publish deletes). Bob's next insert proves the feed was drained after it.
    const purged = await backend.db.transaction((tx) =>
      tx.query<{ n: number }>(`select private.purge_deleted_documents(interval '0') as n`),
    )
    expect(purged.rows[0]!.n).toBe(1)
    await bob.supabase.from('documents').insert({ title: 'Bob again' })
    await waitFor(() => bobFeed.received.length >= 2)
    await backend.realtimeSettled()
    expect(bobFeed.received.map((c) => [c.eventType, (c.new as Partial<Doc>).title])).toEqual([
      ['INSERT', 'Bob private'],
      ['INSERT', 'Bob again'],
    ])
    expect(aliceFeed.received).toHaveLength(4)

    await aliceFeed.channel.unsubscribe()
    await textFeed.channel.unsubscribe()
    await bobFeed.channel.unsubscribe()
    aliceOther.supabase.realtime.disconnect()
    bob.supabase.realtime.disconnect()
  })
})

describe('document heads', () => {
  it('follow the document: title, version, time and deletion', async () => {
    const alice = await signedInUser(backend, 'heads-follow')
    const created = await alice.supabase
      .from('documents')
      .insert({ title: 'Plans', body: 'first' })
      .select('id')
      .single()
    const id = (created.data as { id: string }).id
    await alice.supabase.from('documents').update({ body: 'second' }).eq('id', id)
    await alice.supabase.from('documents').update({ title: 'Better plans' }).eq('id', id)
    const head = async () =>
      (await alice.supabase.from('document_heads').select('*').eq('id', id).single()).data
    const row = (await alice.supabase.from('documents').select('*').eq('id', id).single()).data
    expect(await head()).toEqual({
      id,
      user_id: alice.id,
      title: 'Better plans',
      version: 3,
      updated_at: row.updated_at,
      deleted_at: null,
    })

    await alice.supabase
      .from('documents')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', id)
    const deleted = await head()
    expect(deleted).toMatchObject({ version: 4, deleted_at: expect.any(String) })
    // An edit from a tab that has not heard of the delete changes neither row.
    await alice.supabase.from('documents').update({ body: 'late' }).eq('id', id)
    expect(await head()).toEqual(deleted)

    // The purge takes the head with the document.
    await backend.db.transaction((tx) =>
      tx.query(`select private.purge_deleted_documents(interval '0')`),
    )
    expect(await head()).toBeNull()
  })

  it("are the owner's alone, and no client writes them", async () => {
    const alice = await signedInUser(backend, 'heads-owner')
    const mallory = await signedInUser(backend, 'heads-mallory')
    const created = await alice.supabase
      .from('documents')
      .insert({ title: 'Private' })
      .select('id')
      .single()
    const id = (created.data as { id: string }).id

    expect((await mallory.supabase.from('document_heads').select('id')).data).toEqual([])
    const planted = await mallory.supabase
      .from('document_heads')
      .insert({ id, user_id: mallory.id, title: 'Mine now', version: 99, updated_at: 'now()' })
    expect(planted.error?.code).toBe('42501')
    for (const user of [alice, mallory]) {
      const update = await user.supabase
        .from('document_heads')
        .update({ title: 'Renamed behind its back', version: 99 })
        .eq('id', id)
      expect(update.error?.code).toBe('42501')
      const remove = await user.supabase.from('document_heads').delete().eq('id', id)
      expect(remove.error?.code).toBe('42501')
    }
    expect((await alice.supabase.from('document_heads').select('title, version')).data).toEqual([
      { title: 'Private', version: 1 },
    ])
  })
})
