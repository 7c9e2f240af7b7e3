/**
 * The local Realtime sends what hosted Supabase Realtime sends, seen on fixture tables, so
 * tests see what production would do.
 *
 * Deletes: row-level security is not applied to DELETE events (there is no row left to check
 * it against), every subscriber of the table gets them, and with the default replica identity
 * the old record holds only the primary key. Filters see only that key. See supabase/realtime,
 * lib/realtime/tenants/repo/migrations/*_squash_migrations.ex (realtime.apply_rls: `if not
 * is_rls_enabled or action = 'DELETE'`).
 *
 * Large values:
 * - an UPDATE that did not change a large value does not carry it: wal2json skips a value
 *   stored out of line (TOAST) that the update left alone ("column has an unchanged TOAST");
 * - a change whose WAL record is over 1 MB keeps only the values of at most 64 bytes and says
 *   so in `errors` (supabase/realtime, realtime.apply_rls: `error_record_exceeds_max_size`,
 *   `octet_length((c).value::text) <= 64`, 'Error 413: Payload Too Large'; the tenant's
 *   `poll_max_record_bytes` is 1_048_576).
 */
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonbTextBytes } from '../../scripts/local/supabase/index.ts'
import type { Backend, Json } from '../../scripts/local/supabase/index.ts'
import { signedInUser, startTestBackend } from './helpers.ts'
import { migrationsWith } from './migrationFixtures.ts'
import { listen, waitFor } from './realtimeListen.ts'

// The real migrations plus a fixture table that still hard-deletes, and one with a title and
// a long text.
const migrations = migrationsWith(
  '99990101000000_realtime_probe.sql',
  '99990101000100_realtime_notes.sql',
)
let backend: Backend

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: migrations.dir })
})
afterAll(async () => {
  await backend?.stop()
  migrations.remove()
})

type Probe = { id: string; user_id: string; note: string }
type Note = { id: string; title: string; body: string; user_id: string }

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

describe('realtime changes with large values, as hosted Realtime sends them', () => {
  it('leaves an unchanged long body out of a rename, and keeps a changed one', async () => {
    const alice = await signedInUser(backend, 'alice-toast')
    const feed = await listen<Note>(alice, 'realtime_notes')
    const body = 'A long note. '.repeat(800) // 10.4 KB: stored out of line
    const created = await alice.supabase
      .from('realtime_notes')
      .insert({ title: 'Long', body })
      .select('id')
      .single()
    const id = (created.data as { id: string }).id
    await alice.supabase.from('realtime_notes').update({ title: 'Long, renamed' }).eq('id', id)
    await alice.supabase
      .from('realtime_notes')
      .update({ body: `${body}More.` })
      .eq('id', id)

    await waitFor(() => feed.received.length >= 3)
    const [insert, rename, edit] = feed.received.map((change) => change.new as Partial<Note>)
    expect(insert).toMatchObject({ id, title: 'Long', body })
    expect(rename).toMatchObject({ id, title: 'Long, renamed' })
    expect(rename).not.toHaveProperty('body')
    expect(edit).toMatchObject({ id, body: `${body}More.` })
    expect(feed.received.map((change) => change.errors)).toEqual([null, null, null])

    await feed.channel.unsubscribe()
    alice.supabase.realtime.disconnect()
  })

  it('keeps only values of at most 64 bytes when the change is over 1 MB', async () => {
    const bob = await signedInUser(backend, 'bob-413')
    const feed = await listen<Note>(bob, 'realtime_notes')
    // 1,000,000 bytes, the most a document's body may hold; its 50,000 line breaks are written
    // as `\n` in the WAL's JSON, which takes the record past 1,048,576 bytes.
    const body = `${'x'.repeat(19)}\n`.repeat(50_000)
    const title = 'A title that is longer than sixty-four bytes, as many real titles are'
    const created = await bob.supabase
      .from('realtime_notes')
      .insert({ title, body })
      .select('id')
      .single()
    expect(created.error).toBeNull()
    const { id } = created.data as { id: string }
    // Just under: the same body without its last 2,000 lines arrives whole.
    const shorter = `${'x'.repeat(19)}\n`.repeat(48_000)
    await bob.supabase.from('realtime_notes').update({ body: shorter }).eq('id', id)

    await waitFor(() => feed.received.length >= 2)
    const [large, underLimit] = feed.received
    expect(large!.errors).toEqual(['Error 413: Payload Too Large'])
    expect(large!.new).toMatchObject({ id, user_id: bob.id })
    expect(large!.new).not.toHaveProperty('body')
    expect(large!.new).not.toHaveProperty('title')
    expect(underLimit!.errors).toBeNull()
    expect(underLimit!.new).toMatchObject({ id, title, body: shorter })

    await feed.channel.unsubscribe()
    bob.supabase.realtime.disconnect()
  })

  it('measures a record as Postgres prints it, escapes included', async () => {
    const values: Json[] = [
      {
        columns: [
          { name: 'body', type: 'text', typeoid: 25, value: 'line\nnext "quoted" \\ é\u0001' },
        ],
      },
      { pk: [{ name: 'id' }], action: 'U', empty: {}, list: [], flag: true, none: null, n: 1.5 },
    ]
    for (const value of values) {
      const printed = await backend.db.transaction((tx) =>
        tx.query<{ bytes: number }>(`select octet_length($1::jsonb::text) as bytes`, [
          JSON.stringify(value),
        ]),
      )
      expect(jsonbTextBytes(value)).toBe(printed.rows[0]!.bytes)
    }
  })
})
