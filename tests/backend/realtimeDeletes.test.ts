/**
 * The local Realtime delivers deletes as hosted Supabase Realtime does, so tests see what
 * production would leak: row-level security is not applied to DELETE events (there is no row
 * left to check it against), every subscriber of the table gets them, and with the default
 * replica identity the old record holds only the primary key. Filters see only that key.
 * See supabase/realtime, lib/realtime/tenants/repo/migrations/*_squash_migrations.ex
 * (realtime.apply_rls: `if not is_rls_enabled or action = 'DELETE'`).
 */
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import { signedInUser, startTestBackend } from './helpers.ts'
import { migrationsWith } from './migrationFixtures.ts'
import { listen, waitFor } from './realtimeListen.ts'

// The real migrations plus a fixture table that still hard-deletes.
const migrations = migrationsWith('99990101000000_realtime_probe.sql')
let backend: Backend

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: migrations.dir })
})
afterAll(async () => {
  await backend?.stop()
  migrations.remove()
})

type Probe = { id: string; user_id: string; note: string }

describe('realtime DELETE events, as hosted Realtime sends them', () => {
  it("hands every subscriber the key of every user's deleted row, and nothing else of it", async () => {
    const alice = await signedInUser(backend, 'probe-alice')
    const bob = await signedInUser(backend, 'probe-bob')
    const aliceFeed = await listen<Probe>(alice, 'realtime_probe')
    const bobFeed = await listen<Probe>(bob, 'realtime_probe')
    // Filters only see the key of a deleted row: a filter on user_id never matches a delete.
    const aliceFiltered = await listen<Probe>(alice, 'realtime_probe', `user_id=eq.${alice.id}`)

    const inserted = await alice.supabase
      .from('realtime_probe')
      .insert({ note: 'private' })
      .select('id')
      .single()
    const id = (inserted.data as { id: string }).id
    // The insert reaches alice's channels before the row is gone: the local Realtime checks
    // an insert's visibility against the table when it delivers it.
    await waitFor(() => aliceFeed.received.length >= 1 && aliceFiltered.received.length >= 1)
    const removed = await alice.supabase.from('realtime_probe').delete().eq('id', id).select('id')
    expect(removed.data).toEqual([{ id }])

    await waitFor(() => aliceFeed.received.length >= 2 && bobFeed.received.length >= 1)
    await backend.realtimeSettled()
    const kinds = (feed: { received: RealtimePostgresChangesPayload<Probe>[] }) =>
      feed.received.map((c) => c.eventType)
    expect(kinds(aliceFeed)).toEqual(['INSERT', 'DELETE'])
    expect(kinds(bobFeed)).toEqual(['DELETE'])
    expect(bobFeed.received[0]!.old).toEqual({ id })
    expect(aliceFeed.received[1]!.old).toEqual({ id })
    expect(kinds(aliceFiltered)).toEqual(['INSERT'])

    for (const feed of [aliceFeed, bobFeed, aliceFiltered]) await feed.channel.unsubscribe()
  })
})
