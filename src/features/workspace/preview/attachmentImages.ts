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

export function withSignedImages(
  html: string,
  supabaseUrl: string,
  signedUrl: (path: string) => string | undefined,
): string {
  return html.replace(IMG_SRC, (whole, before: string, src: string) => {
    const path = attachmentPathOf(supabaseUrl, decodeAttribute(src))
    if (!path) return whole
    const signed = signedUrl(path)
    return signed
      ? `<img${before} src="${encodeAttribute(signed)}" data-attachment="${encodeAttribute(path)}"`
      : `<img${before} data-attachment="${encodeAttribute(path)}" data-loading="true"`
  })
}
