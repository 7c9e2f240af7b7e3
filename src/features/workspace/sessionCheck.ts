/**
 * Whether this tab's sign-in was ended elsewhere ("sign out other devices", "everywhere").
 * The database then hides the user's rows instead of answering with an error, so a save that
 * finds nothing, or a refusal, is checked with the auth service. Asking it is enough to act:
 * supabase-js removes a session the service no longer knows and announces SIGNED_OUT, which
 * the dashboard's guard follows (GoTrue answers 403 session_not_found for such a token:
 * supabase/auth internal/api/auth.go, maybeLoadUserOrSession).
 */
import type { SupabaseClient } from '@supabase/supabase-js'

export const SIGNED_OUT_MESSAGE =
  'You were signed out on this device. Your text is kept here; sign in again to save it.'

export async function sessionHasEnded(supabase: SupabaseClient): Promise<boolean> {
  const { error } = await supabase.auth.getUser()
  if (!error) return false
  // Offline or a server hiccup is not a sign-out; the save is simply retried.
  return error.name === 'AuthSessionMissingError' || error.status === 401 || error.status === 403
}
