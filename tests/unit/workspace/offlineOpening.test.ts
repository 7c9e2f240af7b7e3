// @vitest-environment jsdom
/**
 * The rows a tab keeps for opening notes offline (offlineOpening.ts) are its signed-in owner's
 * alone: a sign-out here, in another tab or by a revoked session forgets them, so the next person
 * at a shared computer cannot read them out of the tab's memory (decision 0014).
 */
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js'
import { beforeEach, describe, expect, it } from 'vitest'
import { connectAuthState } from '../../../src/features/auth/authState.ts'
import {
  OFFLINE_KEPT_CHARACTERS,
  offlineBase,
  rememberServerRow,
} from '../../../src/features/workspace/offlineOpening.ts'
import type { WorkspaceDocument } from '../../../src/features/workspace/types.ts'

type AuthListener = (event: AuthChangeEvent, session: Session | null) => void
let emit: AuthListener = () => undefined
connectAuthState({
  auth: { onAuthStateChange: (listener: AuthListener) => void (emit = listener) },
} as unknown as SupabaseClient)

const sessionOf = (userId: string) =>
  ({ user: { id: userId, email: `${userId}@example.com` }, access_token: 'a.b.c' }) as Session

async function authEvent(event: AuthChangeEvent, session: Session | null): Promise<void> {
  emit(event, session)
  await new Promise((resolve) => setTimeout(resolve, 0)) // applySession runs on a timer
}

const note: WorkspaceDocument = {
  id: 'note-1',
  title: 'Plans',
  body: '# Plans\n\nThe private part.',
  version: 3,
  created_at: '2026-11-28T10:00:00Z',
  updated_at: '2026-11-28T11:00:00Z',
}

describe('notes kept in a tab for opening offline', () => {
  beforeEach(() => authEvent('SIGNED_IN', sessionOf('user-a')))

  it('opens a note its signed-in owner had in this tab, and only for them', () => {
    rememberServerRow('user-a', note)
    expect(offlineBase('user-a', 'note-1', null)).toEqual(note)
    expect(offlineBase('user-b', 'note-1', null)).toBeNull()
  })

  it('forgets every kept note when the tab is signed out', async () => {
    rememberServerRow('user-a', note)
    await authEvent('SIGNED_OUT', null)
    expect(offlineBase('user-a', 'note-1', null)).toBeNull()
  })

  it('does not keep a note that closes because its owner signed out', async () => {
    await authEvent('SIGNED_OUT', null)
    rememberServerRow('user-a', note)
    expect(offlineBase('user-a', 'note-1', null)).toBeNull()
  })
})

/**
 * A year in, someone switches between hundreds of notes, some near the 1 MB limit: the tab keeps
 * the ones opened last, within a budget, rather than every note it has shown (before, opening
 * 20 notes of 900 KB one after another left 24 MB more on the page's heap, in proportion).
 */
describe('how much a tab keeps for opening offline', () => {
  beforeEach(() => authEvent('SIGNED_IN', sessionOf('user-c')))

  const long = (id: string): WorkspaceDocument => ({
    ...note,
    id,
    // Distinct strings, as notes are: one shared string would not show what is held.
    body: `${id}\n${'x'.repeat(900_000)}`,
  })
  const kept = (count: number) =>
    Array.from({ length: count }, (_, at) => `long-${at}`).filter(
      (id) => offlineBase('user-c', id, null) !== null,
    )

  it('keeps the notes opened last within its budget, forgetting the oldest first', () => {
    for (let at = 0; at < 40; at += 1) rememberServerRow('user-c', long(`long-${at}`))
    const held = kept(40)
    expect(held.length * 900_000).toBeLessThanOrEqual(OFFLINE_KEPT_CHARACTERS)
    expect(held.length).toBeGreaterThanOrEqual(5)
    // The last ones, in a row: the notes someone was just working on.
    expect(held).toEqual(
      Array.from({ length: held.length }, (_, at) => `long-${40 - held.length + at}`),
    )
  })

  it('counts a note opened again as opened last', () => {
    for (let at = 0; at < 40; at += 1) {
      rememberServerRow('user-c', long(`long-${at}`))
      // Gone back to after every other note: never the oldest, so never forgotten.
      rememberServerRow('user-c', long('long-0'))
    }
    expect(offlineBase('user-c', 'long-0', null)?.body.startsWith('long-0\n')).toBe(true)
  })

  it('keeps hundreds of ordinary notes', () => {
    for (let at = 0; at < 500; at += 1)
      rememberServerRow('user-c', {
        ...note,
        id: `short-${at}`,
        body: `# Note ${at}\n\n${'y'.repeat(4_000)}`,
      })
    expect(offlineBase('user-c', 'short-0', null)).not.toBeNull()
  })
})
