import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/backend/startBackend.ts'
import { client, signedInUser, startTestBackend } from './helpers.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

type Change = RealtimePostgresChangesPayload<{ id: string; title: string; user_id: string }>

async function listen(user: Awaited<ReturnType<typeof signedInUser>>) {
  const received: Change[] = []
  user.supabase.realtime.setAuth(user.session.access_token)
  const channel: RealtimeChannel = user.supabase
    .channel(`documents-${user.id}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'documents' }, (payload) =>
      received.push(payload as Change),
    )
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve()
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')
        reject(error ?? new Error(status))
    })
  })
  return { received, channel }
}

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now()
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for realtime')
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('realtime postgres_changes', () => {
  it("delivers a user's own document changes to their other client, and nobody else's", async () => {
    const alice = await signedInUser(backend, 'alice')
    const bob = await signedInUser(backend, 'bob')
    // Alice's second device: another client signed in as her.
    const aliceDevice = client(backend)
    const signIn = await aliceDevice.auth.signInWithPassword({
      email: alice.email,
      password: alice.password,
    })
    const aliceOther = { ...alice, supabase: aliceDevice, session: signIn.data.session! }

    const aliceFeed = await listen(aliceOther)
    const bobFeed = await listen(bob)

    const created = await alice.supabase
      .from('documents')
      .insert({ title: 'Hello' })
      .select('id')
      .single()
    const id = (created.data as { id: string }).id
    await alice.supabase.from('documents').update({ title: 'Hello again' }).eq('id', id)
    await bob.supabase.from('documents').insert({ title: 'Bob private' })
    await alice.supabase.from('documents').delete().eq('id', id)

    await waitFor(() => aliceFeed.received.length >= 3)
    await backend.realtimeSettled()
    await waitFor(() => bobFeed.received.length >= 1)
    expect(aliceFeed.received.map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE'])
    expect(aliceFeed.received[0]!.new).toMatchObject({ id, title: 'Hello', user_id: alice.id })
    expect(aliceFeed.received[1]!.new).toMatchObject({ id, title: 'Hello again' })
    expect(aliceFeed.received[2]!.old).toEqual({ id })
    expect(bobFeed.received.map((c) => [c.eventType, (c.new as { title?: string }).title])).toEqual(
      [['INSERT', 'Bob private']],
    )

    await aliceFeed.channel.unsubscribe()
    await bobFeed.channel.unsubscribe()
    aliceOther.supabase.realtime.disconnect()
    bob.supabase.realtime.disconnect()
  })
})
