/**
 * The auth feature's entry for the account page alone: its settings forms (new password,
 * two-factor, sign out). Through index.ts they came with everything that imports the guard or
 * supabase-js, the dashboard included, which never shows them (a bundler hands every importer
 * of a module everything that module re-exports).
 */
import '../../styles/forms.css'

export { NewPasswordForm } from './NewPasswordForm'
export { SignOutOptions } from './SignOutOptions'
export { TwoFactorSettings } from './TwoFactorSettings'
