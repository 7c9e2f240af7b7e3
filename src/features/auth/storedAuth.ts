/**
 * The cheap answer to "is anyone signed in on this browser?": the session supabase-js stored,
 * read without loading supabase-js. A module of its own, apart from authState.ts: /login asks
 * this in its first load, and authState's cookie code would come along with it.
 */
import { supabaseConfig } from '../../config'
import { readStoredSession, type StoredSession } from './session'
import { storageKeyFor } from './sessionKey'

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
