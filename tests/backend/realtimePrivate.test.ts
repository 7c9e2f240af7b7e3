/**
 * The dashboard's channel, `documents:<user id>`, is private: hosted Realtime lets a token join
 * it only if the SELECT policies of realtime.messages let it read the topic, and send on it only
 * if an INSERT policy lets it write (supabase/realtime lib/realtime_web/channels/
 * realtime_channel.ex join/3 → maybe_assign_policies/3, handle_in("broadcast"|"presence"|
 * "access_token"); lib/realtime/tenants/authorization.ex). The policies
 * (20261128003000_documents_channel_is_private.sql) admit the topic's owner only, at aal2 when
 * they have a verified factor, with a session that has not been signed out; nobody may send.
 */
import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import { client, enrolTotp, signedInUser, startTestBackend } from './helpers.ts'
import { phoenixSocket, waitFor } from './realtimeListen.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

type SignedInUser = Awaited<ReturnType<typeof signedInUser>>
type Head = { id: string; title: string }

const refusal = (owner: string) =>
  `Unauthorized: You do not have permissions to read from this Channel topic: documents:${owner}`

/**
 * Joins `documents:<owner>` as the dashboard does (useDocuments.ts): private, listening to
 * document_heads. Resolves with the join's outcome; a refused channel is removed at once, or
 * realtime-js would keep trying.
 */
async function joinDocuments(supabase: SupabaseClient, owner: string) {
  const received: RealtimePostgresChangesPayload<Head>[] = []
  const channel: RealtimeChannel = supabase
    .channel(`documents:${owner}`, { config: { private: true } })
    .on('postgres_changes', { event: '*', schema: 'public', table: 'document_heads' }, (change) =>
      received.push(change as RealtimePostgresChangesPayload<Head>),
    )
  const outcome = await new Promise<{ status: string; error?: string }>((resolve) => {
    channel.subscribe((status, error) => {
      if (status !== 'CLOSED') resolve({ status, error: error?.message })
    })
  })
  if (outcome.status !== 'SUBSCRIBED') await supabase.removeChannel(channel)
  return { ...outcome, received, channel }
}

/** A second device of `user`: another client signed in with the password. */
async function otherDevice(user: SignedInUser) {
  const device = client(backend)
  const signedIn = await device.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  })
  if (signedIn.error) throw signedIn.error
  return { supabase: device, session: signedIn.data.session! }
}

/** `documents:<owner>` over a raw socket (realtime-js's vsn 2.0.0), to see every frame. */
async function rawChannel(token: string, owner: string) {
  const socket = await phoenixSocket(backend, `realtime:documents:${owner}`)
  const joinRef = socket.send('phx_join', {
    config: {
      broadcast: { ack: true, self: true },
      presence: { key: '', enabled: false },
      postgres_changes: [{ event: '*', schema: 'public', table: 'document_heads' }],
      private: true,
    },
    access_token: token,
  })
  return {
    joined: await socket.reply(joinRef),
    frames: socket.frames,
    send: socket.send,
    replyTo: socket.replyTo,
    settled: socket.settled,
    close: socket.close,
  }
}

describe('the private documents channel', () => {
  it('is joined by its owner, who gets their changes', async () => {
    const alice = await signedInUser(backend, 'private-owner')
    const feed = await joinDocuments(alice.supabase, alice.id)
    expect(feed).toMatchObject({ status: 'SUBSCRIBED' })
    await alice.supabase.from('documents').insert({ title: 'Mine' })
    await waitFor(() => feed.received.length >= 1)
    expect(feed.received.map((c) => [c.eventType, (c.new as Head).title])).toEqual([
      ['INSERT', 'Mine'],
    ])
    await alice.supabase.removeChannel(feed.channel)
    alice.supabase.realtime.disconnect()
  })

  it('refuses another user and the anon key, with hosted words', async () => {
    const alice = await signedInUser(backend, 'private-victim')
    const mallory = await signedInUser(backend, 'private-mallory')
    expect(await joinDocuments(mallory.supabase, alice.id)).toMatchObject({
      status: 'CHANNEL_ERROR',
      error: refusal(alice.id),
    })
    // Nobody signed in: the join carries the anon key only.
    const visitor = client(backend)
    expect(await joinDocuments(visitor, alice.id)).toMatchObject({
      status: 'CHANNEL_ERROR',
      error: refusal(alice.id),
    })
    for (const supabase of [mallory.supabase, visitor]) supabase.realtime.disconnect()
  })

  it('refuses a two-factor owner at aal1, and admits them at aal2', async () => {
    const alice = await signedInUser(backend, 'private-two-factor')
    await enrolTotp(alice.supabase)
    const aal1 = await otherDevice(alice)
    expect(await joinDocuments(aal1.supabase, alice.id)).toMatchObject({
      status: 'CHANNEL_ERROR',
      error: refusal(alice.id),
    })
    // The verified session's token (realtime-js still holds the one from before the challenge).
    await alice.supabase.realtime.setAuth()
    expect(await joinDocuments(alice.supabase, alice.id)).toMatchObject({ status: 'SUBSCRIBED' })
    for (const supabase of [aal1.supabase, alice.supabase]) supabase.realtime.disconnect()
  })

  it('refuses a signed-out session whose token has not expired', async () => {
    const alice = await signedInUser(backend, 'private-revoked')
    const laptop = await otherDevice(alice)
    expect((await alice.supabase.auth.signOut({ scope: 'others' })).error).toBeNull()
    const channel = await rawChannel(laptop.session.access_token, alice.id)
    expect(channel.joined).toEqual({ status: 'error', response: { reason: refusal(alice.id) } })
    channel.close()
  })

  it('shuts when a refreshed token may no longer read it', async () => {
    const alice = await signedInUser(backend, 'private-refresh')
    const laptop = await otherDevice(alice)
    const channel = await rawChannel(alice.session.access_token, alice.id)
    expect(channel.joined).toMatchObject({ status: 'ok' })
    // The laptop's token, still unexpired, of a session signed out since.
    expect((await laptop.supabase.auth.signOut({ scope: 'local' })).error).toBeNull()
    channel.send('access_token', { access_token: laptop.session.access_token })
    await channel.settled()
    await alice.supabase.from('documents').insert({ title: 'After the refresh' })
    await channel.settled()
    expect(channel.frames.filter((f) => f[3] === 'postgres_changes')).toEqual([])
    expect(channel.frames.filter((f) => ['system', 'phx_close'].includes(f[3]))).toEqual([
      [
        '1',
        null,
        `realtime:documents:${alice.id}`,
        'system',
        {
          extension: 'system',
          status: 'error',
          message: `You do not have permissions to read from this Channel topic: documents:${alice.id}`,
          channel: `documents:${alice.id}`,
        },
      ],
      ['1', '1', `realtime:documents:${alice.id}`, 'phx_close', {}],
    ])
    channel.close()
  })

  it('sends nothing more to a channel whose session was signed out', async () => {
    // Hosted asks the channel's policies only at the join and on a new token, so the channel
    // stays open; each change is still checked against document_heads' own policies, which
    // hold the active-session rule.
    const alice = await signedInUser(backend, 'private-stale')
    const laptop = await otherDevice(alice)
    const stale = await rawChannel(laptop.session.access_token, alice.id)
    expect(stale.joined).toMatchObject({ status: 'ok' })
    const feed = await joinDocuments(alice.supabase, alice.id)
    expect(feed).toMatchObject({ status: 'SUBSCRIBED' })
    expect((await alice.supabase.auth.signOut({ scope: 'others' })).error).toBeNull()
    await alice.supabase.from('documents').insert({ title: 'After the sign-out' })
    await waitFor(() => feed.received.length >= 1)
    await stale.settled()
    expect(stale.frames.filter((f) => f[3] === 'postgres_changes')).toEqual([])
    expect(stale.frames.filter((f) => f[3] === 'phx_close')).toEqual([])
    stale.close()
    await alice.supabase.removeChannel(feed.channel)
    alice.supabase.realtime.disconnect()
  })

  it('takes no broadcast or presence from anyone, its owner included', async () => {
    const alice = await signedInUser(backend, 'private-sender')
    const channel = await rawChannel(alice.session.access_token, alice.id)
    expect(channel.joined).toMatchObject({ status: 'ok' })
    // Hosted drops a broadcast it may not write without a word, acknowledged or not, and
    // answers a refused presence track with an error.
    const broadcast = channel.send('broadcast', {
      type: 'broadcast',
      event: 'saved',
      payload: { id: 'forged' },
    })
    const track = channel.send('presence', {
      type: 'presence',
      event: 'track',
      payload: { online_at: 'now' },
    })
    const untrack = channel.send('presence', { type: 'presence', event: 'untrack' })
    await channel.settled()
    expect(channel.replyTo(broadcast)).toBeUndefined()
    expect(channel.frames.filter((f) => f[3] === 'broadcast')).toEqual([])
    expect(channel.replyTo(track)).toEqual({ status: 'error', response: {} })
    expect(channel.replyTo(untrack)).toEqual({ status: 'ok', response: {} })
    // Nothing was left in realtime.messages by the checks.
    const left = await backend.db.transaction((tx) =>
      tx.query<{ n: number }>(`select count(*)::int as n from realtime.messages`),
    )
    expect(left.rows[0]!.n).toBe(0)
    channel.close()
  })
})
