/**
 * A sign-out of this device and the unsaved text it would leave behind (decision 0014): the open
 * documents settle first, then the person is asked, and only their answer deletes or keeps it.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  signOutWith,
  whenSigningOutHere,
  type LeftoverDrafts,
} from '../../../src/features/auth/signOut.ts'

function fakeSupabase() {
  const signOut = vi.fn(async (_options: { scope: string }) => ({ error: null }))
  return { client: { auth: { signOut } } as unknown as SupabaseClient, signOut }
}

/** A draft store holding `stored` documents' unsaved text, and a person answering `answer`. */
function leftoverWith(stored: string[], answer: 'delete' | 'stay', steps: string[]) {
  const drafts = new Set(stored)
  const leftover: LeftoverDrafts = {
    userId: 'user-a',
    find: async (userId) => {
      steps.push(`count ${userId}`)
      return [...drafts].map((title) => ({ title }))
    },
    confirmDeleting: async (notes, deleteThem) => {
      steps.push(`ask ${notes.length}`)
      return answer === 'delete' ? deleteThem() : false
    },
    forget: async (userId) => {
      steps.push(`forget ${userId}`)
      drafts.clear()
      return true
    },
  }
  return { leftover, drafts }
}

let unregister: (() => void) | null = null
afterEach(() => unregister?.())

describe('signing out with unsaved text on the device', () => {
  it('signs out without asking when nothing is left', async () => {
    const { client, signOut } = fakeSupabase()
    const steps: string[] = []
    const { leftover } = leftoverWith([], 'stay', steps)
    expect(await signOutWith(client, 'local', leftover)).toBe('signed-out')
    expect(steps).toEqual(['count user-a'])
    expect(signOut).toHaveBeenCalledWith({ scope: 'local' })
  })

  it('stays signed in, and keeps the text, when the person stays', async () => {
    const { client, signOut } = fakeSupabase()
    const steps: string[] = []
    const { leftover, drafts } = leftoverWith(['doc-1', 'doc-2'], 'stay', steps)
    expect(await signOutWith(client, 'global', leftover)).toBe('stayed')
    expect(steps).toEqual(['count user-a', 'ask 2'])
    expect(drafts.size).toBe(2)
    expect(signOut).not.toHaveBeenCalled()
  })

  it('counts after the open document has saved and stored what it could not, and deletes before signing out', async () => {
    const { client, signOut } = fakeSupabase()
    const steps: string[] = []
    const { leftover } = leftoverWith(['doc-1'], 'delete', steps)
    unregister = whenSigningOutHere({
      save: async () => void steps.push('save'),
      keepUnsaved: async () => void steps.push('keep unsaved'),
      discardDrafts: () => void steps.push('discard'),
    })
    signOut.mockImplementation(async () => {
      steps.push('sign out')
      return { error: null }
    })
    expect(await signOutWith(client, 'local', leftover)).toBe('signed-out')
    // Discarded before the deletion: the open document must not write the text again.
    expect(steps).toEqual([
      'save',
      'keep unsaved',
      'count user-a',
      'ask 1',
      'discard',
      'forget user-a',
      'sign out',
    ])
  })

  it('stores what is unsaved even when the save takes longer than the sign-out waits', async () => {
    vi.useFakeTimers()
    try {
      const { client } = fakeSupabase()
      const steps: string[] = []
      const { leftover } = leftoverWith(['doc-1'], 'stay', steps)
      unregister = whenSigningOutHere({
        save: () => new Promise(() => {}), // the service never answers
        keepUnsaved: async () => void steps.push('keep unsaved'),
        discardDrafts: () => {},
      })
      const outcome = signOutWith(client, 'local', leftover)
      await vi.advanceTimersByTimeAsync(5_000)
      expect(await outcome).toBe('stayed')
      expect(steps).toEqual(['keep unsaved', 'count user-a', 'ask 1'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('asks nothing when told to keep the text (the two-factor step), nor for "other devices"', async () => {
    const { client, signOut } = fakeSupabase()
    const steps: string[] = []
    const { leftover, drafts } = leftoverWith(['doc-1'], 'delete', steps)
    expect(await signOutWith(client, 'local', null)).toBe('signed-out')
    expect(await signOutWith(client, 'others', leftover)).toBe('signed-out')
    expect(steps).toEqual([])
    expect(drafts.size).toBe(1)
    expect(signOut).toHaveBeenCalledTimes(2)
  })
})

describe('what the question says', () => {
  it('says how many notes, and that signing out deletes them from this device', async () => {
    const { leftoverDraftsMessage } =
      await import('../../../src/features/auth/leftoverDraftsQuestion.tsx')
    expect(leftoverDraftsMessage(1)).toMatch(/^1 note has changes that could not be saved/)
    expect(leftoverDraftsMessage(3)).toMatch(/^3 notes have changes that could not be saved/)
    expect(leftoverDraftsMessage(3)).toContain('Signing out now deletes them from this device.')
  })

  it('names at most five notes, and counts the rest and those with no title kept', async () => {
    const { namedTitles } = await import('../../../src/features/auth/leftoverDraftsQuestion.tsx')
    expect(namedTitles([{ title: 'Plan' }, { title: null }])).toEqual({ titles: ['Plan'], more: 1 })
    const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((title) => ({ title }))
    expect(namedTitles(seven)).toEqual({ titles: ['a', 'b', 'c', 'd', 'e'], more: 2 })
    expect(namedTitles([{ title: null }])).toEqual({ titles: [], more: 1 })
  })
})
