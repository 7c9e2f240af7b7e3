/**
 * Pasted or dropped images: checked against the plan and the bucket's limits first, uploaded to
 * `<user id>/<document id>/…` in the private attachments bucket, then linked from the text.
 * Storage policies refuse anything that is not a Pro user's own folder whatever the page does.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import {
  ATTACHMENTS_BUCKET,
  attachmentPath,
  attachmentProblem,
  attachmentUrl,
  imagesNotAdded,
  markdownImage,
  storageRefusalStatus,
  uploadErrorMessage,
} from './attachments'
import { offlineMessage } from './documentsApi'
import type { PlanId } from './types'
import { supabaseUrl } from './useSignedAttachments'

interface UploadRequest {
  supabase: SupabaseClient
  userId: string
  documentId: string
  plan: PlanId | null
  files: File[]
  onProgress: (text: string) => void
  /** Markdown linking every uploaded image, to insert where they were dropped. */
  onDone: (markdown: string) => void
  onError: (text: string, upgrade: boolean) => void
}

export async function uploadAttachments(request: UploadRequest): Promise<void> {
  const { supabase, files } = request
  if (request.plan !== 'pro')
    return request.onError(imagesNotAdded(files.map((file) => file.name)), true)
  for (const file of files) {
    const problem = attachmentProblem(file)
    if (problem) return request.onError(problem, false)
  }
  // Offline, supabase-js is not asked: documentsApi.ts (offlineAlready) says why.
  if (navigator.onLine === false)
    return request.onError(
      offlineMessage(files.length === 1 ? `upload “${files[0]?.name}”` : 'upload the images'),
      false,
    )
  const links: string[] = []
  for (const file of files) {
    request.onProgress(`Uploading “${file.name}”…`)
    const random = crypto.randomUUID().slice(0, 8)
    const path = attachmentPath(request.userId, request.documentId, file, random)
    try {
      const { error } = await supabase.storage
        .from(ATTACHMENTS_BUCKET)
        .upload(path, file, { contentType: file.type, upsert: false })
      if (error) {
        const { message, upgrade } = uploadErrorMessage(storageRefusalStatus(error), file.name)
        return request.onError(message, upgrade)
      }
    } catch {
      return request.onError(uploadErrorMessage(undefined, file.name).message, false)
    }
    links.push(markdownImage(file.name, attachmentUrl(supabaseUrl(), path)))
  }
  request.onDone(`${links.join('\n\n')}\n`)
}
