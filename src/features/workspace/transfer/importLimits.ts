/**
 * What the plan allows, explained before an import writes anything: the Free plan's document
 * limit (which the database would enforce anyway, refusing the whole import) and that images
 * are part of Pro.
 */
import { FREE_DOCUMENT_LIMIT } from '../planLimits'
import type { PlanId } from '../types'

export interface ImportLimits {
  /** Why the import cannot go ahead, or null. */
  blocked: string | null
  /** What will be left out, said before importing. */
  notes: string[]
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`

export function importLimits(
  plan: PlanId,
  existingDocuments: number,
  importing: number,
  images: number,
): ImportLimits {
  if (plan === 'pro') return { blocked: null, notes: [] }
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
