/**
 * Image attachments (Pro): what may be uploaded, where it goes, and the markdown that points at
 * it. The bucket is private, so the link names the object's authenticated storage address and
 * the preview swaps in a short-lived signed URL; the link itself never expires.
 */
export const ATTACHMENTS_BUCKET = 'attachments'
/** The bucket's own limits (supabase/migrations/*_attachments.sql), checked before uploading. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
export const ATTACHMENT_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
}

export interface AttachmentFile {
  name: string
  type: string
  size: number
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** Null when the file may be uploaded, otherwise what to tell the person. */
export function attachmentProblem(file: AttachmentFile): string | null {
  if (!Object.hasOwn(ATTACHMENT_TYPES, file.type)) {
    return `“${file.name}” is not an image Folio can attach. Use PNG, JPEG, GIF, WebP or AVIF.`
  }
  if (file.size > MAX_ATTACHMENT_BYTES) {
    return `“${file.name}” is ${megabytes(file.size)}; images can be up to ${megabytes(MAX_ATTACHMENT_BYTES)}.`
  }
  if (file.size === 0) return `“${file.name}” is empty.`
  return null
}

/** `<user id>/<document id>/<random>-<safe name>.<ext>`: the storage policies check the first folder. */
export function attachmentPath(
  userId: string,
  documentId: string,
  file: AttachmentFile,
  random: string,
): string {
  const extension = ATTACHMENT_TYPES[file.type] ?? 'bin'
  const stem =
    file.name
      .replace(/\.[^.]*$/, '')
      .normalize('NFKD')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 60) || 'image'
  return `${userId}/${documentId}/${random}-${stem}.${extension}`
}

/** The address an image link stores: the object's authenticated storage URL. */
export function attachmentUrl(supabaseUrl: string, path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/')
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/authenticated/${ATTACHMENTS_BUCKET}/${encoded}`
}

/** The storage path in an attachment URL of this backend, or null for any other address. */
export function attachmentPathOf(supabaseUrl: string, url: string): string | null {
  const prefix = attachmentUrl(supabaseUrl, '')
  if (!url.startsWith(prefix)) return null
  try {
    const path = url.slice(prefix.length).split('/').map(decodeURIComponent).join('/')
    return path && !path.split('/').includes('..') ? path : null
  } catch {
    return null
  }
}

/** `![alt](url)` with the alt text made safe for markdown's brackets. */
export function markdownImage(fileName: string, url: string): string {
  const alt =
    fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[[\]\\]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'image'
  return `![${alt}](${url})`
}

/**
 * What the upgrade prompt says under its title "Images are a Pro feature": what Pro gives, not
 * the plan's name or the word upgrade again (the title and the button already say both).
 */
export const IMAGES_ARE_PRO =
  'Paste, drop or add images straight into a note: they are stored privately with your account and shown in the preview.'

/**
 * The same, for images a Free account pasted, dropped or chose: first that they are not in the
 * note, so nobody goes on writing around an image that is not there, and knows to add it again
 * after upgrading.
 */
export function imagesNotAdded(fileNames: readonly string[]): string {
  const which = fileNames.length === 1 ? `“${fileNames[0]}” was` : `${fileNames.length} images were`
  return `${which} not added to the note. ${IMAGES_ARE_PRO}`
}

/** The storage error for an upload, as a sentence; `upgrade` when only Pro may upload. */
/**
 * Why Storage refused an upload, as an HTTP-style code. Hosted Storage answers every refusal with
 * HTTP 400 (a 500 stays 500) and says which in the body's `statusCode` ('403', '413', '415'),
 * which supabase-js keeps next to the HTTP status (supabase/storage src/http/error-handler.ts,
 * StorageBackendError.userStatusCode); the body's code is the one that explains it.
 */
export function storageRefusalStatus(error: unknown): number | undefined {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown }
  const reason = Number(statusCode)
  if (Number.isInteger(reason) && reason >= 400) return reason
  return typeof status === 'number' ? status : undefined
}

export function uploadErrorMessage(
  status: number | undefined,
  fileName: string,
): { message: string; upgrade: boolean } {
  if (status === 403)
    return {
      message: imagesNotAdded([fileName]),
      upgrade: true,
    }
  if (status === 413)
    return {
      message: `“${fileName}” is too large; images can be up to ${megabytes(MAX_ATTACHMENT_BYTES)}.`,
      upgrade: false,
    }
  if (status === 415)
    return {
      message: `“${fileName}” is not an image Folio can attach. Use PNG, JPEG, GIF, WebP or AVIF.`,
      upgrade: false,
    }
  return {
    message: `“${fileName}” could not be uploaded. Check your connection and try again.`,
    upgrade: false,
  }
}
