/**
 * The auth feature's public surface for other features and signed-in pages: the guard and the
 * lazily loaded supabase-js. Nothing here imports supabase-js statically. Three kinds of
 * importer go around it on purpose, because a bundler gives every importer of a module
 * everything it re-exports, and their pages have a JavaScript budget:
 * - the always-loaded site shell imports ./shell (the header's account corner);
 * - /login and /confirm import their panel (./LoginPanel, ./ConfirmPanel) directly;
 * - the account page's settings forms come through ./account.
 */
import '../../styles/forms.css'
export { getAuthState, subscribeAuthState } from './authState'
export { RequireUser } from './RequireUser'
export { whenSigningOutHere } from './signOut'
export { loadSupabase } from './supabaseClient'
export { useAuthState } from './useAuthState'
