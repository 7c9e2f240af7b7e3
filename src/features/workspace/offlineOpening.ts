/**
 * What a note is opened from when Folio cannot be reached: on a train, the notes someone was
 * just working on must open, and this tab and this device hold them. Either the row this tab
 * last had from the server (read or saved here), or the server text a draft on the device was
 * typed on (localDrafts.ts), whichever is the newer version; the draft itself is then put back
 * over it as after any reload. Saving waits for the connection, and a save names the version
 * it was based on, so a version saved elsewhere meanwhile becomes a conflict for the person to
 * settle (documentSession.ts), never a silent overwrite.
 *
 * The rows are held in memory only, per user: nothing more of a note is written to the device
 * than the drafts already are (decision 0014), and a reload, another account or a sign-out
 * forgets them. A signed-out tab keeps none, so the next person at a shared computer cannot
 * read them out of its memory.
 */
import { getAuthState, subscribeAuthState } from '../auth'
import type { LocalDraft } from './localDrafts'
import type { WorkspaceDocument } from './types'

const seenInThisTab = new Map<string, WorkspaceDocument>()
let forgettingOnSignOut = false

const keyOf = (userId: string, documentId: string) => `${userId}/${documentId}`

const isSignedInAs = (userId: string) => {
  const auth = getAuthState()
  return auth.status === 'signed-in' && auth.user.id === userId
}

function forgetOnSignOut(): void {
  if (forgettingOnSignOut) return
  forgettingOnSignOut = true
  subscribeAuthState(() => {
    if (getAuthState().status !== 'signed-in') seenInThisTab.clear()
  })
}

/**
 * The server's row of a note open in this tab, as read or last saved. A note closing because
 * its owner signed out (here, in another tab, or by a revoked session) is not kept.
 */
export function rememberServerRow(userId: string, document: WorkspaceDocument): void {
  forgetOnSignOut()
  if (!isSignedInAs(userId)) return
  const key = keyOf(userId, document.id)
  const known = seenInThisTab.get(key)
  if (!known || known.version <= document.version) seenInThisTab.set(key, document)
}

/** The row to open offline; null when neither this tab nor the device holds the note. */
export function offlineBase(
  userId: string,
  documentId: string,
  draft: LocalDraft | null,
): WorkspaceDocument | null {
  const seen = seenInThisTab.get(keyOf(userId, documentId)) ?? null
  if (!draft || draft.baseBody === null || draft.baseVersion === null) return seen
  if (seen && seen.version >= draft.baseVersion) return seen
  return {
    id: documentId,
    title: draft.title ?? seen?.title ?? '',
    body: draft.baseBody,
    version: draft.baseVersion,
    // Not kept with drafts: a download made offline leaves them blank in its frontmatter.
    created_at: seen?.created_at ?? '',
    updated_at: seen?.updated_at ?? '',
  }
}
