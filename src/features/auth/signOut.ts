/**
 * Signing out, the one way every button does it. A sign-out of this device must leave no
 * session in this browser, whether or not the sign-in service could be reached: on a shared
 * computer the next person would otherwise open /dashboard as the one who just "signed out".
 *
 * supabase-js removes the stored session only after the service has answered the logout (or
 * answered 401, 403 or 404); when the request fails (offline, a captive portal, a 5xx) it
 * returns the error and keeps the session (`_signOut` in @supabase/auth-js 2.109, reported
 * upstream as supabase/supabase-js issue 2501). Then the stored session is removed here and
 * supabase-js is asked again: with nothing stored it skips the service and only clears this
 * device, telling this tab and the others (SIGNED_OUT), which clears the cookies and sends
 * every open dashboard to the sign-in page.
 *
 * The session then still exists on the server, but its refresh token is gone from the only
 * device that held it, and its access token lapses within the hour (`jwt_expiry`).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { SIGNED_OUT_HERE_ONLY_STATE, SIGNED_OUT_STATE, type SignedOutState } from '../../routeRules'
import { sessionKey } from './storedAuth'

export type SignOutScope = 'local' | 'global' | 'others'

/** What supabase-js answers a logout it could not send (status 0), for a sign-out made offline. */
const OFFLINE_LOGOUT = { name: 'AuthRetryableFetchError', status: 0, message: 'Offline' }

/**
 * How long a sign-out of this device waits for the open documents (a save of text typed a
 * moment before) before it goes ahead regardless.
 */
const SETTLE_BEFORE_SIGN_OUT_MS = 5_000

/** An open document, as a sign-out of this device sees it (registered with whenSigningOutHere). */
export interface OpenOnSignOut {
  /** Saves what was typed since the last save. */
  save(): Promise<unknown>
  /**
   * Stores on the device, now rather than after the usual pause, what is still unsaved (the
   * save failed, or is taking too long), so that the sign-out counts it.
   */
  keepUnsaved(): Promise<unknown>
  /** The person chose to delete this device's unsaved text: keep no more of it. */
  discardDrafts(): void
}

const openHere = new Set<OpenOnSignOut>()

/**
 * The dashboard's open document, while it is open: a sign-out of this device saves its last
 * words first, which would otherwise stay unsaved, kept only in this browser's draft store,
 * where the next person at the computer could read them. Returns the function that
 * unregisters it.
 */
export function whenSigningOutHere(open: OpenOnSignOut): () => void {
  openHere.add(open)
  return () => openHere.delete(open)
}

async function settleBeforeSigningOut(): Promise<void> {
  const open = [...openHere]
  if (open.length === 0) return
  await Promise.race([
    Promise.all(open.map((document) => document.save().catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, SETTLE_BEFORE_SIGN_OUT_MS)),
  ])
  await Promise.all(open.map((document) => document.keepUnsaved().catch(() => undefined)))
}

/** A note with unsaved text on the device; its title when the device kept one. */
export interface LeftoverNote {
  title: string | null
}

/**
 * What a sign-out of this device does with text of this person's that is still unsaved on the
 * device once the open documents have settled (decision 0014). The buttons a signed-in person
 * presses ask: leaving it would let the next person at a shared computer read it, deleting it
 * silently would lose it. `null` keeps it without asking (the two-factor step: whoever is there
 * has not proven to be the person whose text it is).
 */
export interface LeftoverDrafts {
  /** The signed-in user, read before signing out. */
  userId: string
  /** Their notes with unsaved text on this device. */
  find(userId: string): Promise<LeftoverNote[]>
  /**
   * Asks the person. To delete, the answer runs `deleteThem` (false: the device's store refused)
   * and resolves true once that has worked; false: they stay signed in.
   */
  confirmDeleting(notes: LeftoverNote[], deleteThem: () => Promise<boolean>): Promise<boolean>
  /** Deletes it; false when it could not be. */
  forget(userId: string): Promise<boolean>
}

/** 'stayed': the person chose to stay signed in rather than delete their unsaved text. */
export type SignOutOutcome = 'signed-out' | 'stayed'

/**
 * What the sign-in page says after this tab's sign-out. Both the button that signed out and the
 * guard of the page it was on (RequireUser, on SIGNED_OUT) go there, in either order, moments
 * after it; a later SIGNED_OUT (another tab, a revoked session) is a sign-out of its own.
 */
const SIGN_OUT_NOTICE_MS = 10_000
let lastSignOut: { state: SignedOutState; at: number } = { state: SIGNED_OUT_STATE, at: 0 }

export function signedOutState(): SignedOutState {
  return signedOutHere() ? lastSignOut.state : SIGNED_OUT_STATE
}

/**
 * This tab signed out of this device a moment ago. The person chose to leave the page they were
 * on, so the guard's redirect to the sign-in page offers no way back to it (`?redirect=`): its
 * answer to SIGNED_OUT came after the button's own move to /login and put the way back in the
 * address again.
 */
export function signedOutHere(): boolean {
  return Date.now() - lastSignOut.at < SIGN_OUT_NOTICE_MS
}

/**
 * Signs out with `scope`. For 'local' and 'global' the open documents settle first, then
 * `leftover` decides about unsaved text still on the device; unless the person stays, this
 * device is always signed out (a global one that could not reach the service leaves
 * `signedOutState()` saying so). Only 'others', which keeps this device, can fail, and then
 * throws the service's error.
 */
export async function signOutWith(
  supabase: SupabaseClient,
  scope: SignOutScope,
  leftover: LeftoverDrafts | null = null,
): Promise<SignOutOutcome> {
  lastSignOut = { state: SIGNED_OUT_STATE, at: 0 }
  if (scope !== 'others') {
    await settleBeforeSigningOut()
    if (leftover) {
      const notes = await leftover.find(leftover.userId)
      const deleteThem = () => {
        // First, so the documents still open do not write it again as they close.
        for (const open of openHere) open.discardDrafts()
        return leftover.forget(leftover.userId)
      }
      if (notes.length > 0 && !(await leftover.confirmDeleting(notes, deleteThem))) return 'stayed'
    }
  }
  // From here on this device is signed out whatever the service answers (only 'others' fails).
  if (scope !== 'others') lastSignOut = { state: SIGNED_OUT_STATE, at: Date.now() }
  let error: unknown = OFFLINE_LOGOUT
  // Offline the service is not asked: supabase-js would first refresh an access token that
  // expired meanwhile, retrying for up to 30 s (_refreshAccessToken in @supabase/auth-js
  // 2.109), and a person who closed the tab in that time left the session on the device.
  if (typeof navigator === 'undefined' || navigator.onLine !== false)
    try {
      ;({ error } = await supabase.auth.signOut({ scope }))
    } catch (thrown) {
      // Versions that let the failed request's exception through (supabase/supabase-js issue
      // 2501) fail the same way as those that return it.
      error = thrown
    }
  if (!error) return 'signed-out'
  if (scope === 'others') throw error
  if (scope === 'global') lastSignOut = { state: SIGNED_OUT_HERE_ONLY_STATE, at: Date.now() }
  forgetStoredSession()
  // Nothing is stored any more, so supabase-js makes no request: it clears its state and tells
  // every tab. Should that fail, the session is gone from storage all the same.
  await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined)
  return 'signed-out'
}

/** Removes what supabase-js stored for the session: the tokens, the user, a PKCE verifier. */
function forgetStoredSession(): void {
  const key = sessionKey()
  if (!key) return // no project URL: supabase-js could not have stored a session either
  for (const name of [key, `${key}-user`, `${key}-code-verifier`]) {
    try {
      window.localStorage.removeItem(name)
    } catch {
      // Storage off: supabase-js could not have stored a session in it either.
    }
  }
}
