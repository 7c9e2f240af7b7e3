/**
 * Signed URLs for the attachment images a rendered document shows. The bucket is private, so
 * each image gets a URL valid for an hour, asked for once per image and reused while valid.
 */
import { useCallback, useEffect, useState } from 'react'
import { supabaseConfig } from '../../config'
import { loadSupabase } from '../auth'
import { ATTACHMENTS_BUCKET } from './attachments'
import { attachmentPathsIn } from './preview/attachmentImages'

const VALID_FOR_SECONDS = 3600
/** Ask again this long before a URL expires, so an image never breaks mid-session. */
const RENEW_MARGIN_MS = 5 * 60_000

const cache = new Map<string, { url: string; expiresAt: number }>()

export function supabaseUrl(): string {
  return supabaseConfig.url
}

function cachedUrl(path: string): string | undefined {
  const entry = cache.get(path)
  return entry && entry.expiresAt - RENEW_MARGIN_MS > Date.now() ? entry.url : undefined
}

export function useSignedAttachments(html: string | null) {
  const [, setVersion] = useState(0)
  const base = supabaseUrl()

  useEffect(() => {
    if (!html || !base) return
    const missing = attachmentPathsIn(html, base).filter((path) => !cachedUrl(path))
    if (missing.length === 0) return
    let active = true
    void (async () => {
      const supabase = await loadSupabase()
      const bucket = supabase.storage.from(ATTACHMENTS_BUCKET)
      await Promise.all(
        missing.map(async (path) => {
          const { data } = await bucket.createSignedUrl(path, VALID_FOR_SECONDS)
          if (data?.signedUrl)
            cache.set(path, {
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
  }, [html, base])

  const signedUrl = useCallback((path: string) => cachedUrl(path), [])
  return { supabaseUrl: base, signedUrl }
}
