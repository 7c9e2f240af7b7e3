import { useSyncExternalStore } from 'react'
import { getAuthState, getServerAuthState, subscribeAuthState, type AuthState } from './authState'

/** The current auth state; 'unknown' while prerendering and hydrating. */
export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribeAuthState, getAuthState, getServerAuthState)
}
