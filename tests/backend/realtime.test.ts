import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import { client, signedInUser, startTestBackend } from './helpers.ts'
import { listen, waitFor } from './realtimeListen.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

type Doc = { id: string; title: string; user_id: string; deleted_at: string | null }

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

    const aliceFeed = await listen<Doc>(aliceOther, 'documents')
    const bobFeed = await listen<Doc>(bob, 'documents')

    const created = await alice.supabase
      .from('documents')
      .insert({ title: 'Hello' })
      .select('id')
      .single()
    const id = (created.data as { id: string }).id
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

    await waitFor(() => aliceFeed.received.length >= 3)
    await backend.realtimeSettled()
    await waitFor(() => bobFeed.received.length >= 1)
    expect(aliceFeed.received.map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE', 'UPDATE'])
    expect(aliceFeed.received[0]!.new).toMatchObject({ id, title: 'Hello', user_id: alice.id })
    expect(aliceFeed.received[1]!.new).toMatchObject({ id, title: 'Hello again', deleted_at: null })
    expect((aliceFeed.received[2]!.new as Doc).deleted_at).toEqual(expect.any(String))

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
    expect(aliceFeed.received).toHaveLength(3)

    await aliceFeed.channel.unsubscribe()
    await bobFeed.channel.unsubscribe()
    aliceOther.supabase.realtime.disconnect()
    bob.supabase.realtime.disconnect()
  })
})
