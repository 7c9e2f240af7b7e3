/**
 * Signed URLs for the attachment images a rendered document shows. The bucket is private, so
 * each image gets a URL valid for an hour, asked for once per image and reused while valid.
 *
 * A signed URL opens its image to whoever holds it, without a session, until it expires (Storage
 * checks only the token's signature, expiry and path). So the URLs are kept for the person who
 * asked for them alone: when someone else signs in on this tab (no page load in between, after a
 * sign-out), or nobody is signed in, the URLs kept so far are dropped, and each image is asked
 * for again as the new person, whom Storage's policies then judge.
 */
import { useCallback, useEffect, useState } from 'react'
import { supabaseConfig } from '../../config'
import { loadSupabase, useAuthState } from '../auth'
import { ATTACHMENTS_BUCKET } from './attachments'
import { attachmentPathsIn } from './preview/attachmentImages'

const VALID_FOR_SECONDS = 3600
/** Ask again this long before a URL expires, so an image never breaks mid-session. */
const RENEW_MARGIN_MS = 5 * 60_000

type SignedUrls = Map<string, { url: string; expiresAt: number }>

/** The URLs signed for one person (`owner`, a user id; null when nobody is signed in). */
let kept: { owner: string | null; urls: SignedUrls } = { owner: null, urls: new Map() }

/**
 * The URLs signed for `owner`: a new, empty set when they are not the ones kept, so a request
 * still in flight for the one before fills a set nobody reads.
 */
function signedUrlsOf(owner: string | null): SignedUrls {
  if (kept.owner !== owner) kept = { owner, urls: new Map() }
  return kept.urls
}

export function supabaseUrl(): string {
  return supabaseConfig.url
}

function cachedUrl(owner: string | null, path: string): string | undefined {
  const entry = signedUrlsOf(owner).get(path)
  return entry && entry.expiresAt - RENEW_MARGIN_MS > Date.now() ? entry.url : undefined
}

export function useSignedAttachments(html: string | null) {
  const [, setVersion] = useState(0)
  const base = supabaseUrl()
  const auth = useAuthState()
  const owner = auth.status === 'signed-in' ? auth.user.id : null

  useEffect(() => {
    if (!html || !base || !owner) return
    const missing = attachmentPathsIn(html, base).filter((path) => !cachedUrl(owner, path))
    if (missing.length === 0) return
    const urls = signedUrlsOf(owner)
    let active = true
    void (async () => {
      const supabase = await loadSupabase()
      const bucket = supabase.storage.from(ATTACHMENTS_BUCKET)
      await Promise.all(
        missing.map(async (path) => {
          const { data } = await bucket.createSignedUrl(path, VALID_FOR_SECONDS)
          if (data?.signedUrl)
            urls.set(path, {
              url: data.signedUrl,
              expiresAt: Date.now() + VALID_FOR_SECONDS * 1000,
            })
        }),
      )
      if (active) setVersion((version) => version + 1)
    })()
    return () => {
      active = false
    }
  }, [html, base, owner])

  const signedUrl = useCallback((path: string) => cachedUrl(owner, path), [owner])
  return { supabaseUrl: base, signedUrl }
}
