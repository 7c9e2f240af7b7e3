import type {
  RealtimeChannel,
  RealtimePostgresChangesPayload,
  RealtimeSystemPayload,
} from '@supabase/supabase-js'
import WebSocket from 'ws'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import type { signedInUser } from './helpers.ts'

type SignedInUser = Awaited<ReturnType<typeof signedInUser>>
let channels = 0

/**
 * Subscribes `user` to every change of a public table (optionally filtered) and records them,
 * with the channel's `system` messages and the statuses its subscribe callback reports. The
 * channel joins with `token`, the user's access token unless given.
 */
export async function listen<Row extends Record<string, unknown>>(
  user: SignedInUser,
  table: string,
  filter?: string,
  token = user.session.access_token,
) {
  const received: RealtimePostgresChangesPayload<Row>[] = []
  const system: RealtimeSystemPayload[] = []
  const statuses: string[] = []
  await user.supabase.realtime.setAuth(token)
  const channel: RealtimeChannel = user.supabase
    .channel(`${table}-${user.id}-${++channels}`)
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) },
      (payload) => received.push(payload as RealtimePostgresChangesPayload<Row>),
    )
    .on('system', {}, (payload: RealtimeSystemPayload) => system.push(payload))
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      statuses.push(status)
      if (status === 'SUBSCRIBED') resolve()
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')
        reject(error ?? new Error(status))
    })
  })
  return { received, system, statuses, channel }
}

export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now()
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for realtime')
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** A Phoenix frame as Realtime sends it: join ref, ref, topic, event, payload. */
export type Frame = [string | null, string | null, string, string, Record<string, unknown>]

/**
 * A WebSocket to the local Realtime speaking its protocol by hand, for what supabase-js does not
 * let a test do (a join it would not send, a token refresh at a chosen moment), on `topic`.
 */
export async function phoenixSocket(backend: Backend, topic: string) {
  const socket = new WebSocket(
    `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=2.0.0`,
  )
  const frames: Frame[] = []
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame))
  await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject))
  let ref = 0
  /** Sends an event on the topic; its ref, to wait for the reply with. */
  const send = (event: string, payload: Record<string, unknown>, joinRef: string | null = '1') => {
    socket.send(JSON.stringify([joinRef, String(++ref), topic, event, payload]))
    return String(ref)
  }
  const replyTo = (sent: string) => frames.find((f) => f[3] === 'phx_reply' && f[1] === sent)?.[4]
  const reply = async (sent: string) => {
    await waitFor(() => replyTo(sent) !== undefined)
    return replyTo(sent)!
  }
  return {
    frames,
    send,
    replyTo,
    reply,
    /**
     * Resolves once the server has pushed every committed change, handled every message sent
     * before, and this socket has read all it was sent: the server handles a socket's messages
     * in order, and a heartbeat's reply comes after whatever it sent before.
     */
    settled: async () => {
      await backend.realtimeSettled()
      socket.send(JSON.stringify([null, String(++ref), 'phoenix', 'heartbeat', {}]))
      await reply(String(ref))
    },
    close: () => socket.close(),
  }
}
