/**
 * The shape of the keys `storageKeyFor` (session.ts) makes, whatever the backend, its PKCE
 * verifier's key excluded: the header's account corner on every public page asks whether any
 * session is stored, without the backend's address. Apart from session.ts, and imported by
 * nothing else, on purpose: the app's entry chunk imports this module, and a module the entry
 * shares with a lazy chunk makes that chunk depend on the entry, so Vite's preload helper then
 * appends the entry stylesheet again after the page's own CSS (it undid the dashboard's layout).
 * tests/unit/auth/session.test.ts checks the pattern against storageKeyFor.
 */
export const SESSION_KEY_PATTERN = /^sb-[^.]+-auth-token$/
