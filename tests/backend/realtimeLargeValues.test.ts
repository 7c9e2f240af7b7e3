/**
 * The local Realtime leaves large values out of a change as hosted Supabase Realtime does, so
 * the app meets here the changes production sends it:
 * - an UPDATE that did not change a large value does not carry it: wal2json skips a value
 *   stored out of line (TOAST) that the update left alone ("column has an unchanged TOAST");
 * - a change whose WAL record is over 1 MB keeps only the values of at most 64 bytes and says
 *   so in `errors` (supabase/realtime, realtime.apply_rls: `error_record_exceeds_max_size`,
 *   `octet_length((c).value::text) <= 64`, 'Error 413: Payload Too Large'; the tenant's
 *   `poll_max_record_bytes` is 1_048_576).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonbTextBytes } from '../../scripts/local/supabase/index.ts'
import type { Backend, Json } from '../../scripts/local/supabase/index.ts'
import { signedInUser, startTestBackend } from './helpers.ts'
import { listen, waitFor } from './realtimeListen.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

type Doc = { id: string; title: string; body: string; version: number; user_id: string }

describe('realtime changes with large values, as hosted Realtime sends them', () => {
  it('leaves an unchanged long body out of a rename, and keeps a changed one', async () => {
    const alice = await signedInUser(backend, 'alice-toast')
    const feed = await listen<Doc>(alice, 'documents')
    const body = 'A long note. '.repeat(800) // 10.4 KB: stored out of line
    const created = await alice.supabase
      .from('documents')
      .insert({ title: 'Long', body })
      .select('id')
      .single()
    const id = (created.data as { id: string }).id
    await alice.supabase.from('documents').update({ title: 'Long, renamed' }).eq('id', id)
    await alice.supabase
      .from('documents')
      .update({ body: `${body}More.` })
      .eq('id', id)

    await waitFor(() => feed.received.length >= 3)
    const [insert, rename, edit] = feed.received.map((change) => change.new as Partial<Doc>)
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
    const feed = await listen<Doc>(bob, 'documents')
    // 1,000,000 bytes, the most a body may hold; its 50,000 line breaks are written as `\n`
    // in the WAL's JSON, which takes the record past 1,048,576 bytes.
    const body = `${'x'.repeat(19)}\n`.repeat(50_000)
    const title = 'A title that is longer than sixty-four bytes, as many real titles are'
    const created = await bob.supabase
      .from('documents')
      .insert({ title, body })
      .select('id, version')
      .single()
    expect(created.error).toBeNull()
    const { id } = created.data as { id: string }
    // Just under: the same body without its last 2,000 lines arrives whole.
    const shorter = `${'x'.repeat(19)}\n`.repeat(48_000)
    await bob.supabase.from('documents').update({ body: shorter }).eq('id', id)

    await waitFor(() => feed.received.length >= 2)
    const [large, underLimit] = feed.received
    expect(large!.errors).toEqual(['Error 413: Payload Too Large'])
    expect(large!.new).toMatchObject({ id, user_id: bob.id, version: 1 })
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
