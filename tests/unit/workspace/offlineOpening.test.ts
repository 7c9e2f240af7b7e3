// @vitest-environment jsdom
/**
 * The rows a tab keeps for opening notes offline (offlineOpening.ts) are its signed-in owner's
 * alone: a sign-out here, in another tab or by a revoked session forgets them, so the next person
 * at a shared computer cannot read them out of the tab's memory (decision 0014).
 */
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js'
import { beforeEach, describe, expect, it } from 'vitest'
import { connectAuthState } from '../../../src/features/auth/authState.ts'
import { offlineBase, rememberServerRow } from '../../../src/features/workspace/offlineOpening.ts'
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
