/**
 * The workspace feature's public surface: the dashboard's documents, editor and preview (the
 * account page's panel has its own entry, ./account). Heavy parts load on demand from inside:
 * CodeMirror when a document opens, the markdown pipeline and shiki in the preview's worker,
 * supabase-js through the auth feature.
 */
export { Workspace } from './Workspace'
