import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import type { signedInUser } from './helpers.ts'

type SignedInUser = Awaited<ReturnType<typeof signedInUser>>
let channels = 0

/** Subscribes `user` to every change of a public table (optionally filtered) and records them. */
export async function listen<Row extends Record<string, unknown>>(
  user: SignedInUser,
  table: string,
  filter?: string,
) {
  const received: RealtimePostgresChangesPayload<Row>[] = []
  user.supabase.realtime.setAuth(user.session.access_token)
  const channel: RealtimeChannel = user.supabase
    .channel(`${table}-${user.id}-${++channels}`)
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) },
      (payload) => received.push(payload as RealtimePostgresChangesPayload<Row>),
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

export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now()
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for realtime')
    await new Promise((r) => setTimeout(r, 25))
  }
}
