/**
 * The auth feature's second public entry, for the always-loaded site shell: only the header's
 * account menu. Importing it through index.ts would pull every sign-in form into the entry
 * chunk of every public page (the bundler keeps whatever the entry reaches statically).
 */
export { AccountMenu } from './AccountMenu'
