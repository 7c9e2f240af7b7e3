/**
 * The size limits the database puts on a document (supabase/migrations/*_documents.sql:
 * `octet_length(body) <= 1000000`, `char_length(title) between 1 and 200`), known here once so
 * the page can say so in words before the database refuses.
 */
export const MAX_DOCUMENT_BYTES = 1_000_000
export const MAX_TITLE_LENGTH = 200

/** From this share of the limit on, the editor shows how full the document is. */
const NEARLY_FULL_SHARE = 0.8

/**
 * Postgres counts the body in UTF-8 bytes, as this does: counted, not encoded, because the
 * editor asks as the person types, and encoding a 1 MB note allocates a megabyte each time.
 */
export function documentBytes(body: string): number {
  let bytes = body.length
  for (let i = 0; i < body.length; i += 1) {
    const unit = body.charCodeAt(i)
    if (unit < 0x80) continue
    if (unit < 0x800) bytes += 1
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < body.length) {
      const next = body.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 2 // a surrogate pair: 2 units, 4 bytes
        i += 1
      } else bytes += 2 // a lone surrogate: written as U+FFFD, 3 bytes
    } else bytes += 2 // the rest of the BMP, lone low surrogates included: 3 bytes
  }
  return bytes
}

export function isTooLarge(body: string): boolean {
  // A UTF-8 byte is at least a UTF-16 unit's worth of text: skip encoding short documents.
  if (body.length * 3 <= MAX_DOCUMENT_BYTES) return false
  return documentBytes(body) > MAX_DOCUMENT_BYTES
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1).replace(/\.0$/, '')} MB`
  return `${Math.max(1, Math.round(bytes / 1_000))} KB`
}

export const LIMIT_IN_WORDS = `a document can hold up to ${formatBytes(MAX_DOCUMENT_BYTES)} of text`

/** The sentence shown while a document is over the limit. */
export function tooLargeMessage(bytes: number): string {
  return `This document is ${formatBytes(bytes)}, over the ${formatBytes(MAX_DOCUMENT_BYTES)} a document can hold, so Folio cannot save it. Shorten it or split it into two documents; until then your text is kept on this device.`
}

/** Null while there is plenty of room; otherwise how full the document is, in words. */
export function sizeWarning(body: string): string | null {
  if (body.length * 3 < MAX_DOCUMENT_BYTES * NEARLY_FULL_SHARE) return null
  const bytes = documentBytes(body)
  if (bytes < MAX_DOCUMENT_BYTES * NEARLY_FULL_SHARE || bytes > MAX_DOCUMENT_BYTES) return null
  return `${formatBytes(bytes)} of ${formatBytes(MAX_DOCUMENT_BYTES)}: ${LIMIT_IN_WORDS}.`
}
