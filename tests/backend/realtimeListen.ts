import type {
  RealtimeChannel,
  RealtimePostgresChangesPayload,
  RealtimeSystemPayload,
} from '@supabase/supabase-js'
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
