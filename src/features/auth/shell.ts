/**
 * The auth feature's second public entry, for the always-loaded site shell: only the header's
 * account corner, which loads the session-aware menu after hydration. Importing it through
 * index.ts would pull the sign-in forms into the entry chunk of every public page (the
 * bundler keeps whatever the entry reaches statically).
 */
export { DeferredAccountMenu as AccountMenu } from './DeferredAccountMenu'
