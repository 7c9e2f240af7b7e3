/**
 * The signed URLs one person's open note shows its attachment images with. A signed URL opens
 * its image to whoever holds it, without a session, until it lapses (Storage checks only the
 * token's signature, expiry and path), so they are signed for minutes, not an hour: a URL that
 * leaks (copied, logged, left in a shared screen's history) is soon worth nothing.
 *
 * While a note stays open its images' URLs are signed again shortly before they lapse, so an
 * image the preview draws anew (its paragraph edited) always gets a URL that opens it. An image
 * already on the page keeps the URL it loaded with (preview/attachmentImages.ts): it is drawn,
 * and a new URL would only make the browser download it again.
 */

/** How long Storage is asked to honour each URL. */
export const SIGNED_URL_SECONDS = 10 * 60
/** Signed again this long before a URL lapses, while its note is open. */
export const RENEW_BEFORE_MS = 2 * 60_000
/** A URL is given to an image only with this much left: time for the image to load. */
const LEFT_TO_LOAD_MS = 60_000
/** When signing failed (offline), asked again after this long. */
const RETRY_AFTER_MS = 30_000

/**
 * Storage's createSignedUrls: for each path in order, its URL, or undefined when it would not
 * sign it. One request for them all: a note showing 100 images asked 100 times, each time it
 * opened and again before the URLs lapsed.
 */
export type Sign = (paths: readonly string[], seconds: number) => Promise<(string | undefined)[]>

/** The most paths hosted signs in one request (supabase/storage, MAX_OBJECTS_PER_REQUEST). */
export const MOST_SIGNED_AT_ONCE = 1000

interface SignedUrl {
  url: string
  expiresAt: number
}

export class AttachmentUrls {
  private readonly urls = new Map<string, SignedUrl>()
  private readonly signing = new Map<string, Promise<void>>()

  /** `owner`: the user id the URLs are signed for (Storage's policies judged them). */
  constructor(readonly owner: string) {}

  /** The URL an image drawn now gets, or undefined while there is none it could load with. */
  urlFor(path: string, now = Date.now()): string | undefined {
    const entry = this.urls.get(path)
    return entry && entry.expiresAt - LEFT_TO_LOAD_MS > now ? entry.url : undefined
  }

  /**
   * Keeps URLs for `paths` (an open note's images) signed until the returned stop is called:
   * each path without one is signed now, and each again shortly before it lapses.
   * `onNewUrls` is called when a path that had no usable URL got one (the preview must draw
   * it); renewals of URLs still usable call nothing, as nothing on the page needs them yet.
   */
  keepSigned(paths: readonly string[], sign: Sign, onNewUrls: () => void): () => void {
    let open = true
    let timer: ReturnType<typeof setTimeout> | undefined
    if (paths.length === 0) return () => undefined
    const round = async () => {
      const now = Date.now()
      const due = paths.filter((path) => this.dueAt(path) <= now)
      const hadNone = due.some((path) => this.urlFor(path, now) === undefined)
      await this.signOnce(due, sign)
      if (!open) return
      if (hadNone && due.some((path) => this.urlFor(path) !== undefined)) onNewUrls()
      // Only URLs Storage gave are renewed on a timer; one it would not sign (the object gone,
      // or not this person's) is asked for again when the note is drawn again, not every
      // half minute. A renewal that failed (offline) is tried again after RETRY_AFTER_MS.
      const signed = paths.filter((path) => this.urls.has(path))
      if (signed.length === 0) return
      const next = Math.min(...signed.map((path) => this.dueAt(path)))
      timer = setTimeout(() => void round(), Math.max(next - Date.now(), RETRY_AFTER_MS))
    }
    void round()
    return () => {
      open = false
      clearTimeout(timer)
    }
  }

  /** When `path`'s URL is to be signed again (0: now, it has none). */
  private dueAt(path: string): number {
    const entry = this.urls.get(path)
    return entry ? entry.expiresAt - RENEW_BEFORE_MS : 0
  }

  /**
   * Signs `paths` in as few requests as Storage allows, each path once however many open notes
   * ask at the same time.
   */
  private async signOnce(paths: readonly string[], sign: Sign): Promise<void> {
    const pending = paths.flatMap((path) => this.signing.get(path) ?? [])
    const ask = [...new Set(paths.filter((path) => !this.signing.has(path)))]
    for (let from = 0; from < ask.length; from += MOST_SIGNED_AT_ONCE) {
      const batch = ask.slice(from, from + MOST_SIGNED_AT_ONCE)
      const asked = Date.now()
      const done = sign(batch, SIGNED_URL_SECONDS)
        .then((urls) => {
          batch.forEach((path, at) => {
            const url = urls[at]
            // Counted from the asking: the URL lapses no later than this.
            if (url) this.urls.set(path, { url, expiresAt: asked + SIGNED_URL_SECONDS * 1000 })
          })
        })
        .catch(() => undefined)
        .finally(() => batch.forEach((path) => this.signing.delete(path)))
      for (const path of batch) this.signing.set(path, done)
      pending.push(done)
    }
    await Promise.all(pending)
  }
}
