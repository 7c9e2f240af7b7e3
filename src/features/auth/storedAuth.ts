/**
 * The cheap answer to "is anyone signed in on this browser?": the session supabase-js stored,
 * read without loading supabase-js, and the key it is stored under. A module of its own, apart
 * from authState.ts: /login asks this just after hydration and a sign-out clears that key, and
 * neither should bring authState's cookie code along.
 */
import { supabaseConfig } from '../../config'
import { readStoredSession, type StoredSession } from './session'
import { storageKeyFor } from './sessionKey'

/** Where supabase-js stores this project's session; null without a project URL. */
export function sessionKey(): string | null {
  const url = supabaseConfig.url
  try {
    return url ? storageKeyFor(url) : null
  } catch {
    return null
  }
}

/** The valid stored session, if any. Invalid ones are removed on the way. */
export function readStoredAuth(): StoredSession | null {
  const key = sessionKey()
  if (!key || typeof window === 'undefined') return null
  try {
    return readStoredSession(window.localStorage, key)
  } catch {
    return null
  }
}
