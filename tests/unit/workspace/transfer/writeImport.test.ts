/**
 * How a Pro import uploads its images: a few at a time, not one after the other, with the
 * links in each note pointing at its own uploads whatever order they finish in.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import type { ImportDocument } from '../../../../src/features/workspace/transfer/readImport.ts'
import {
  UPLOADS_AT_ONCE,
  writeImport,
} from '../../../../src/features/workspace/transfer/writeImport.ts'

const BACKEND = 'http://127.0.0.1:54321'
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47])

function pictured(index: number): ImportDocument {
  return {
    source: 'export.zip',
    path: `note-${index}.md`,
    title: `Note ${index}`,
    body: `![shot](attachments/note-${index}/shot.png)\n`,
    images: [
      {
        zipPath: `attachments/note-${index}/shot.png`,
        name: 'shot.png',
        type: 'image/png',
        data: PNG,
      },
    ],
  }
}

/** Storage and the Data API as far as writeImport uses them; each upload takes a moment. */
function fakeSupabase() {
  const seen = { inFlight: 0, mostInFlight: 0, inserted: [] as { id: string; body: string }[] }
  const supabase = {
    storage: {
      from: () => ({
        upload: async (path: string) => {
          seen.inFlight += 1
          seen.mostInFlight = Math.max(seen.mostInFlight, seen.inFlight)
          // Later ones finish first: the links must not depend on the order.
          await new Promise((resolve) => setTimeout(resolve, 20 - (seen.inFlight % 4) * 5))
          seen.inFlight -= 1
          return { data: { path }, error: null }
        },
        remove: async () => ({ data: [], error: null }),
      }),
    },
    from: () => ({
      insert: async (rows: { id: string; body: string }[]) => {
        seen.inserted.push(...rows)
        return { error: null, status: 201 }
      },
    }),
  }
  return { supabase: supabase as unknown as SupabaseClient, seen }
}

describe('a Pro import’s uploads', () => {
  it('go a few at a time, each note linking to its own image', async () => {
    const { supabase, seen } = fakeSupabase()
    let id = 0
    const outcome = await writeImport({
      supabase,
      userId: 'user-1',
      supabaseUrl: BACKEND,
      plan: 'pro',
      documents: Array.from({ length: 20 }, (_, index) => pictured(index)),
      newId: () => `${String(++id).padStart(8, '0')}-0000-4000-8000-000000000000`,
    })
    expect(outcome.ok).toBe(true)
    // Before, one at a time: 20 round trips end to end.
    expect(seen.mostInFlight).toBe(UPLOADS_AT_ONCE)
    expect(seen.inserted).toHaveLength(20)
    for (const row of seen.inserted)
      expect(row.body).toContain(`/storage/v1/object/authenticated/attachments/user-1/${row.id}/`)
  })
})
