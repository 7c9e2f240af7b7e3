import { StorageError } from './storageError.ts'

export interface Upload {
  bytes: Uint8Array
  contentType: string
  cacheControl: string
  userMetadata?: Record<string, unknown>
}

/** storage-js sends Blobs as multipart (`''` = the file) and other bodies raw. */
export async function readUpload(req: Request): Promise<Upload> {
  const type = req.headers.get('content-type') ?? ''
  if (type.startsWith('multipart/form-data')) {
    const form = await req.formData()
    let file: Blob | undefined
    for (const value of form.values()) {
      if (typeof value !== 'string') {
        file = value
        break
      }
    }
    if (!file) throw new StorageError(400, 'InvalidRequest', 'No file found in the form data')
    const cacheControl = form.get('cacheControl')
    const metadata = form.get('metadata')
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      contentType: file.type || 'application/octet-stream',
      cacheControl: typeof cacheControl === 'string' ? `max-age=${cacheControl}` : 'no-cache',
      userMetadata: typeof metadata === 'string' ? safeJson(metadata) : undefined,
    }
  }
  const encoded = req.headers.get('x-metadata')
  return {
    bytes: new Uint8Array(await req.arrayBuffer()),
    contentType: type || 'application/octet-stream',
    cacheControl: req.headers.get('cache-control') ?? 'no-cache',
    userMetadata: encoded ? safeJson(Buffer.from(encoded, 'base64').toString('utf8')) : undefined,
  }
}

function safeJson(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** Object keys: non-empty segments, no `.`/`..`, no control characters. */
export function validObjectName(name: string): boolean {
  const hasControlCharacter = [...name].some(
    (ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f,
  )
  if (name === '' || name.length > 1024 || hasControlCharacter) return false
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
}
