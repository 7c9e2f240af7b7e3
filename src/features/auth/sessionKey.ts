/**
 * Where supabase-js keeps the session in localStorage. A module of its own: the header's account
 * corner on every public page asks whether any session is stored, and importing session.ts for
 * that would bring all of it into every page's first load.
 */
/** supabase-js's default storage key: `sb-<first label of the backend host>-auth-token`. */
export function storageKeyFor(supabaseUrl: string): string {
  const host = new URL(supabaseUrl).hostname
  return `sb-${host.split('.')[0]}-auth-token`
}

/** Any key storageKeyFor makes, whatever the backend (its PKCE verifier's key excluded). */
export const SESSION_KEY_PATTERN = /^sb-[^.]+-auth-token$/
