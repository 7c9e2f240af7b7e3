/**
 * The auth feature's public surface for pages (the shell's account menu is in ./shell.ts).
 * Nothing here imports supabase-js statically.
 */
export { ConfirmPanel } from './ConfirmPanel'
export { LoginPanel } from './LoginPanel'
export { NewPasswordForm } from './NewPasswordForm'
export { RequireUser } from './RequireUser'
export { SignOutOptions } from './SignOutOptions'
export { TwoFactorSettings } from './TwoFactorSettings'
export { loadSupabase } from './supabaseClient'
export { useAuthState } from './useAuthState'
