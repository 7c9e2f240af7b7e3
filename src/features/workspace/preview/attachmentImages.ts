/**
 * Attachment images in rendered HTML. Their links name the private object's authenticated
 * address, which an <img> cannot open; before the HTML reaches the page each one gets a
 * short-lived signed URL, or no src at all until that URL is known (so the browser never
 * requests an address that can only fail). Works on the pipeline's own serialised output.
 */
import { attachmentPathOf } from '../attachments'

const IMG_SRC = /<img\b([^>]*?)\ssrc="([^"]*)"/g

function decodeAttribute(value: string): string {
  return value.replace(/&#x26;/gi, '&').replace(/&amp;/g, '&')
}

function encodeAttribute(value: string): string {
  return value.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;')
}

export function attachmentPathsIn(html: string, supabaseUrl: string): string[] {
  const paths = new Set<string>()
  for (const match of html.matchAll(IMG_SRC)) {
    const path = attachmentPathOf(supabaseUrl, decodeAttribute(match[2] as string))
    if (path) paths.add(path)
  }
  return [...paths]
}

type SignedUrlOf = (path: string) => string | undefined

/** `html` with its attachment images signed; `complete` when every one of them had a URL. */
function signImages(html: string, supabaseUrl: string, signedUrl: SignedUrlOf) {
  let complete = true
  const signed = html.replace(IMG_SRC, (whole, before: string, src: string) => {
    const path = attachmentPathOf(supabaseUrl, decodeAttribute(src))
    if (!path) return whole
    const url = signedUrl(path)
    if (url)
      return `<img${before} src="${encodeAttribute(url)}" data-attachment="${encodeAttribute(path)}"`
    complete = false
    return `<img${before} data-attachment="${encodeAttribute(path)}" data-loading="true"`
  })
  return { html: signed, complete }
}

export function withSignedImages(
  html: string,
  supabaseUrl: string,
  signedUrl: SignedUrlOf,
): string {
  return signImages(html, supabaseUrl, signedUrl).html
}

/**
 * The preview's blocks with their attachment images signed, each block unchanged since it was
 * drawn with every image signed staying exactly as drawn: the page keeps its nodes
 * (patchBlocks.ts), so an image on screen is not downloaded again under a newer URL each time
 * its URL is renewed (../attachmentUrls.ts). A block that changes, or still waits for a URL, is
 * signed afresh. One per preview; a new `signedUrl` (someone else signed in) starts over.
 */
export function createImageBlockSigner() {
  let drawnFor: SignedUrlOf | null = null
  let drawn = new Map<string, string>()
  return function signBlocks(
    blocks: readonly string[],
    withImages: ReadonlySet<number>,
    supabaseUrl: string,
    signedUrl: SignedUrlOf,
  ): string[] {
    if (drawnFor !== signedUrl) drawn = new Map()
    drawnFor = signedUrl
    const kept = new Map<string, string>()
    const signed = blocks.map((block, index) => {
      if (!withImages.has(index)) return block
      const same = drawn.get(block) ?? kept.get(block)
      if (same !== undefined) {
        kept.set(block, same)
        return same
      }
      const fresh = signImages(block, supabaseUrl, signedUrl)
      if (fresh.complete) kept.set(block, fresh.html)
      return fresh.html
    })
    drawn = kept
    return signed
  }
}

/**
 * An attachment image that failed to load gets the URL valid now, once. It happens when a
 * block kept as drawn (createImageBlockSigner) is put on the page again after its URL lapsed:
 * patchBlocks re-creates the unchanged blocks that sit between two changes, and the browser
 * may ask for the old URL again. For the preview's error listener, in the capture phase, as
 * error events do not bubble.
 */
export function retryWithCurrentUrl(event: Event, signedUrl: SignedUrlOf): void {
  const image = event.target
  if (!(image instanceof Element) || image.tagName !== 'IMG') return
  const path = image.getAttribute('data-attachment')
  const current = path ? signedUrl(path) : undefined
  if (current && image.getAttribute('src') !== current) image.setAttribute('src', current)
}
