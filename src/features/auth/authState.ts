/**
 * The signed-in user as the whole app sees it. It starts from the session supabase-js stored
 * (read without loading supabase-js, so the header can show who is signed in on any page) and
 * follows the client's auth events once the client exists. Other tabs are followed through the
 * `storage` event on the session key; supabase-js keeps its own state in step across tabs.
 */
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js'
import { clearedCookieStrings, sessionCookieStrings, writeCookies } from './cookies'
import { awaitsSecondFactor, type StoredSession } from './session'
import { readStoredAuth, sessionKey } from './storedAuth'

export interface AuthUser {
  id: string
  email: string | null
}

export type AuthState =
  | { status: 'unknown' }
  | { status: 'signed-out' }
  | {
      status: 'signed-in'
      user: AuthUser
      lastEvent: AuthChangeEvent | null
      /**
       * Password given, two-factor code not (session.ts): a session that reaches none of the
       * user's data, nor shows anything of theirs, until the code raises it to aal2.
       */
      awaitsSecondFactor: boolean
    }

const listeners = new Set<() => void>()
let state: AuthState = { status: 'unknown' }
let watchingStorage = false

function publish(next: AuthState): void {
  state = next
  for (const listener of listeners) listener()
}

function stateFromStored(session: StoredSession | null): AuthState {
  if (!session?.user) return { status: 'signed-out' }
  return {
    status: 'signed-in',
    user: { id: session.user.id, email: session.user.email ?? null },
    lastEvent: null,
    awaitsSecondFactor: awaitsSecondFactor(session),
  }
}

function startWatchingStorage(): void {
  if (watchingStorage || typeof window === 'undefined') return
  watchingStorage = true
  const key = sessionKey()
  window.addEventListener('storage', (event) => {
    if (event.key === key) publish(stateFromStored(readStoredAuth()))
  })
}

export function subscribeAuthState(listener: () => void): () => void {
  if (state.status === 'unknown' && typeof window !== 'undefined')
    state = stateFromStored(readStoredAuth())
  startWatchingStorage()
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getAuthState(): AuthState {
  if (state.status === 'unknown' && typeof window !== 'undefined')
    state = stateFromStored(readStoredAuth())
  return state
}

export const getServerAuthState = (): AuthState => ({ status: 'unknown' })

function applySession(event: AuthChangeEvent, session: Session | null): void {
  const secure = window.location.protocol === 'https:'
  if (event === 'SIGNED_OUT' || !session) {
    writeCookies(document, clearedCookieStrings(secure))
    publish({ status: 'signed-out' })
    return
  }
  if (
    event === 'SIGNED_IN' ||
    event === 'TOKEN_REFRESHED' ||
    event === 'INITIAL_SESSION' ||
    event === 'MFA_CHALLENGE_VERIFIED'
  ) {
    writeCookies(
      document,
      sessionCookieStrings(session as StoredSession, {
        secure,
        nowSeconds: Math.floor(Date.now() / 1000),
      }),
    )
  }
  publish({
    status: 'signed-in',
    user: { id: session.user.id, email: session.user.email ?? null },
    lastEvent: event,
    awaitsSecondFactor: awaitsSecondFactor(session as StoredSession),
  })
}

/** Called once by the client factory: every auth event updates the shared state and cookies. */
export function connectAuthState(client: SupabaseClient): void {
  client.auth.onAuthStateChange((event, session) => {
    // Run outside the auth lock: supabase-js forbids awaiting its own calls inside the callback.
    setTimeout(() => applySession(event, session), 0)
  })
}
