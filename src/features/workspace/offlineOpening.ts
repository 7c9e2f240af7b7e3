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
 *
 * Only the notes opened last are kept, up to OFFLINE_KEPT_CHARACTERS of text: someone switching
 * between hundreds of notes over a day would otherwise leave every one of them on the page's heap
 * (20 notes near the 1 MB limit held 24 MB), for a tab that needs only the ones just worked on.
 */
import { getAuthState, subscribeAuthState } from '../auth'
import type { LocalDraft } from './localDrafts'
import type { WorkspaceDocument } from './types'

/** About ten notes at the 1 MB limit, or hundreds of ordinary ones. */
export const OFFLINE_KEPT_CHARACTERS = 10_000_000

/** In the order they were last opened or saved, oldest first (a Map keeps insertion order). */
const seenInThisTab = new Map<string, WorkspaceDocument>()
let keptCharacters = 0
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
    if (getAuthState().status !== 'signed-in') {
      seenInThisTab.clear()
      keptCharacters = 0
    }
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
  const kept = known && known.version > document.version ? known : document
  // Taken out and put back: now the note opened last.
  if (known) {
    seenInThisTab.delete(key)
    keptCharacters -= known.body.length
  }
  seenInThisTab.set(key, kept)
  keptCharacters += kept.body.length
  for (const [oldKey, oldest] of seenInThisTab) {
    if (keptCharacters <= OFFLINE_KEPT_CHARACTERS || oldKey === key) break
    seenInThisTab.delete(oldKey)
    keptCharacters -= oldest.body.length
  }
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
