/**
 * Writes an import all or nothing. Images (Pro) are uploaded first, under the ids the new
 * documents will have; then every document is inserted in ONE request, which PostgREST runs
 * as one statement in one transaction, so the database (the Free plan's limit included)
 * accepts all of them or none. If an upload or the insert fails, the images already uploaded
 * are removed again: nothing half-imported is left. Until the documents are sent, the import can
 * be cancelled (`signal`): a Pro import of many notes with images uploads them one by one, which
 * can take minutes, and the person may think better of it; the images already uploaded are then
 * removed the same way.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { ATTACHMENTS_BUCKET, attachmentPath, attachmentUrl } from '../attachments'
import { offlineMessage } from '../documentsApi'
import { PLAN_LIMIT_MESSAGE, isPlanLimitError } from '../planLimits'
import type { PlanId } from '../types'
import { rewriteRelativeLinks } from './attachmentLinks'
import type { ImportDocument, ImportImage } from './readImport'

export interface ImportRequest {
  supabase: SupabaseClient
  userId: string
  supabaseUrl: string
  plan: PlanId
  documents: readonly ImportDocument[]
  /** `saving`: the documents are being sent, and the import can no longer be cancelled. */
  onProgress?: (text: string, stage: 'uploading' | 'saving') => void
  /** Aborted: stop before the next upload, remove what was uploaded, import nothing. */
  signal?: AbortSignal
  /** New ids; given by tests, otherwise random. */
  newId?: () => string
}

export type ImportOutcome =
  { ok: true; ids: string[] } | { ok: false; message: string; planLimit: boolean; cancelled?: true }

/**
 * Images uploaded at the same time. One at a time, a Pro import of 100 pictured notes made
 * 100 round trips end to end; a few at a time, and no more than a few (up to 10 MB each) are
 * on their way at once.
 */
export const UPLOADS_AT_ONCE = 4

interface Upload {
  /** The index of the document's row. */
  row: number
  document: ImportDocument
  image: ImportImage
  path: string
}

const NOTHING_IMPORTED = 'Nothing was imported.'
export const IMPORT_CANCELLED = `The import was cancelled. ${NOTHING_IMPORTED}`

export async function writeImport(request: ImportRequest): Promise<ImportOutcome> {
  const { supabase, documents } = request
  const newId = request.newId ?? (() => crypto.randomUUID())
  const bucket = supabase.storage.from(ATTACHMENTS_BUCKET)
  const uploaded: string[] = []
  const undoUploads = async () => {
    if (uploaded.length) await bucket.remove(uploaded).catch(() => undefined)
  }

  const cancelled = async (): Promise<ImportOutcome> => {
    await undoUploads()
    return { ok: false, planLimit: false, cancelled: true, message: IMPORT_CANCELLED }
  }

  // Each document's id and each image's path first, then the images a few at a time.
  const rows: { id: string; title: string; body: string }[] = []
  const uploads: Upload[] = []
  for (const document of documents) {
    const id = newId()
    rows.push({ id, title: document.title, body: document.body })
    if (request.plan !== 'pro') continue
    for (const image of document.images) {
      const path = attachmentPath(
        request.userId,
        id,
        { name: image.name, type: image.type, size: image.data.length },
        newId().slice(0, 8),
      )
      uploads.push({ row: rows.length - 1, document, image, path })
    }
  }

  let next = 0
  let failed: Upload | null = null
  const uploadInTurn = async () => {
    while (next < uploads.length && !failed && !request.signal?.aborted) {
      const upload = uploads[next]!
      next += 1
      request.onProgress?.(
        `Uploading image ${next.toLocaleString('en')} of ${uploads.length.toLocaleString('en')} (“${upload.image.name}”)…`,
        'uploading',
      )
      const { error } = await bucket
        .upload(upload.path, upload.image.data, { contentType: upload.image.type, upsert: false })
        .catch((thrown: unknown) => ({ error: thrown }))
      if (error) failed ??= upload
      else uploaded.push(upload.path)
    }
  }
  // Every upload started has answered past this point, so undoing removes them all.
  await Promise.all(Array.from({ length: Math.min(UPLOADS_AT_ONCE, uploads.length) }, uploadInTurn))
  if (failed) {
    await undoUploads()
    const { document, image } = failed as Upload
    return {
      ok: false,
      planLimit: false,
      message: `“${document.source} › ${image.zipPath}” could not be uploaded. ${NOTHING_IMPORTED} Check your connection and try again.`,
    }
  }
  if (request.signal?.aborted) return cancelled()
  for (const [at, row] of rows.entries()) {
    const mine = uploads.filter((upload) => upload.row === at)
    if (mine.length === 0) continue
    const urls = new Map(
      mine.map(({ image, path }) => [image.zipPath, attachmentUrl(request.supabaseUrl, path)]),
    )
    row.body = rewriteRelativeLinks(row.body, mine[0]!.document.path, (zipPath) =>
      urls.get(zipPath),
    )
  }

  if (request.signal?.aborted) return cancelled()
  request.onProgress?.(
    `Saving ${rows.length} ${rows.length === 1 ? 'document' : 'documents'}…`,
    'saving',
  )
  const { error, status } = await supabase.from('documents').insert(rows)
  if (!error) return { ok: true, ids: rows.map((row) => row.id) }
  await undoUploads()
  if (isPlanLimitError(error))
    return { ok: false, planLimit: true, message: `${PLAN_LIMIT_MESSAGE}. ${NOTHING_IMPORTED}` }
  return {
    ok: false,
    planLimit: false,
    message:
      status === 0
        ? offlineMessage('import your documents')
        : `Folio could not save the imported documents. ${NOTHING_IMPORTED} Try again in a moment.`,
  }
}
