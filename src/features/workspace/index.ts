/**
 * The workspace feature's public surface: the dashboard's documents, editor and account panel.
 * Heavy parts load on demand from inside: CodeMirror when a document opens, the markdown
 * pipeline and shiki in the preview's worker, supabase-js through the auth feature.
 */
export { AccountPanel } from './AccountPanel'
export { Workspace } from './Workspace'
