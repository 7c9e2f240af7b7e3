/**
 * Signed URLs for the attachment images a rendered document shows. The bucket is private, so
 * each image gets a URL valid for minutes, signed again before it lapses while the note stays
 * open (./attachmentUrls.ts says why, and how often).
 *
 * The URLs are kept for the person who asked for them alone: when someone else signs in on this
 * tab (no page load in between, after a sign-out), or nobody is signed in, the URLs kept so far
 * are dropped, and each image is asked for again as the new person, whom Storage's policies
 * then judge.
 */
import { useCallback, useEffect, useState } from 'react'
import { supabaseConfig } from '../../config'
import { loadSupabase, useAuthState } from '../auth'
import { ATTACHMENTS_BUCKET } from './attachments'
import { AttachmentUrls, type Sign } from './attachmentUrls'
import { attachmentPathsIn } from './preview/attachmentImages'

/** The URLs signed for the person signed in here; null when nobody is. */
let kept: AttachmentUrls | null = null

/**
 * The URLs signed for `owner`: a new, empty set when they are not the ones kept, so a request
 * still in flight for the one before fills a set nobody reads.
 */
function signedUrlsOf(owner: string): AttachmentUrls {
  if (kept?.owner !== owner) kept = new AttachmentUrls(owner)
  return kept
}

const signWithStorage: Sign = async (paths, seconds) => {
  const supabase = await loadSupabase()
  const { data } = await supabase.storage
    .from(ATTACHMENTS_BUCKET)
    .createSignedUrls([...paths], seconds)
  // An object Storage would not sign (gone, or not this person's) has its error in its place.
  const signed = new Map((data ?? []).map((entry) => [entry.path, entry.signedUrl ?? undefined]))
  return paths.map((path) => signed.get(path))
}

export function supabaseUrl(): string {
  return supabaseConfig.url
}

export function useSignedAttachments(html: string | null) {
  const [, setVersion] = useState(0)
  const base = supabaseUrl()
  const auth = useAuthState()
  const owner = auth.status === 'signed-in' ? auth.user.id : null
  if (!owner) kept = null

  useEffect(() => {
    if (!html || !base || !owner) return
    return signedUrlsOf(owner).keepSigned(attachmentPathsIn(html, base), signWithStorage, () =>
      setVersion((version) => version + 1),
    )
  }, [html, base, owner])

  const signedUrl = useCallback(
    (path: string) => (owner ? signedUrlsOf(owner).urlFor(path) : undefined),
    [owner],
  )
  return { supabaseUrl: base, signedUrl }
}
