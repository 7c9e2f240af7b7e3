/**
 * What the plan allows, explained before an import writes anything: the Free plan's document
 * limit (which the database would enforce anyway, refusing the whole import) and that images
 * are part of Pro.
 */
import { MAX_DOCUMENT_BYTES, formatBytes } from '../documentLimits'
import { FREE_DOCUMENT_LIMIT } from '../planLimits'
import type { PlanId } from '../types'

/**
 * The most one import holds: everything it takes stays in the tab's memory until it is
 * written, so the chosen files are weighed before they are read, and what their zips unpack
 * to is counted against this too. 200 documents at their 1 MB limit, or about 19 images at
 * their 10 MB limit: more than most workspaces, far less than what brings a tab down. What it
 * uploads is held to the same: each document keeps its own copy of an image it links to.
 */
export const MAX_IMPORT_BYTES = 200 * MAX_DOCUMENT_BYTES

export interface ImportLimits {
  /** Why the import cannot go ahead, or null. */
  blocked: string | null
  /** What will be left out, said before importing. */
  notes: string[]
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`

/**
 * `imageBytes`: what the images weigh counted once per document that links to them, which is
 * what a Pro import uploads (one 10 MB image linked from 10,000 notes of a 10 MB zip would be
 * 100 GB to upload).
 */
export function importLimits(
  plan: PlanId,
  existingDocuments: number,
  importing: number,
  images: number,
  imageBytes = 0,
): ImportLimits {
  if (plan === 'pro') {
    const blocked =
      imageBytes > MAX_IMPORT_BYTES
        ? `These files link to ${formatBytes(imageBytes)} of images, counting an image again for each document that links to it (each keeps its own copy). Folio uploads at most ${formatBytes(MAX_IMPORT_BYTES)} in one import: import fewer files at a time.`
        : null
    return { blocked, notes: [] }
  }
  const room = Math.max(0, FREE_DOCUMENT_LIMIT - existingDocuments)
  const over = existingDocuments + importing - FREE_DOCUMENT_LIMIT
  // In the words the dashboard's own limit prompt uses: how many the plan holds, the way out.
  const wayOut =
    room > 0
      ? `Choose at most ${room}, or go Pro for unlimited documents.`
      : importing <= FREE_DOCUMENT_LIMIT
        ? `Delete ${over === 1 ? 'one' : over} to make room, or go Pro for unlimited documents.`
        : 'Go Pro for unlimited documents.'
  const blocked =
    importing > room
      ? `The Free plan holds ${FREE_DOCUMENT_LIMIT} documents. You have ${existingDocuments}, and these files would add ${importing}. ${wayOut}`
      : null
  const notes =
    images > 0
      ? [
          `Images are part of Folio Pro: the ${plural(images, 'image')} these files link to will not be uploaded, and their links stay in the text as they are.`,
        ]
      : []
  return { blocked, notes }
}
