/**
 * The workspace feature's public surface: the dashboard's documents, editor and preview (the
 * account page's panel has its own entry, ./account). Heavy parts load on demand from inside:
 * CodeMirror when a document opens, the markdown pipeline and shiki in the preview's worker,
 * supabase-js through the auth feature.
 */
import '../../styles/forms.css'
// The preview shows rendered markdown: the content feature's prose and code styles.
import '../content'
// The workspace's stylesheet travels with the dashboard's chunk: public pages never carry it.
import './workspace.css'

export { Workspace } from './Workspace'
