/**
 * The workspace feature's second public entry, for the account page alone: its settings panel.
 * Importing it through index.ts would give /dashboard/account the whole workspace as well (a
 * bundler hands every importer of a module everything that module re-exports).
 */
// The account page's cards and fields: the workspace's and the forms' stylesheets travel with it.
import '../../styles/forms.css'
import './workspace.css'

export { AccountPanel } from './AccountPanel'
