import { StorageError } from './storageError.ts'

export interface Upload {
  bytes: Uint8Array
  contentType: string
  cacheControl: string
  userMetadata?: Record<string, unknown>
}

/**
 * A multipart upload's `metadata` field may hold at most 1 MiB (supabase/storage
 * src/storage/uploader.ts, MAX_CUSTOM_METADATA_SIZE in fileUploadFromRequest: 413).
 */
const MAX_USER_METADATA_BYTES = 1024 * 1024

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
    if (
      typeof metadata === 'string' &&
      Buffer.byteLength(metadata, 'utf8') > MAX_USER_METADATA_BYTES
    )
      throw new StorageError(
        413,
        'Payload too large',
        'The user_metadata exceeded the maximum allowed size',
      )
    // Hosted takes a `contentType` field over the file part's own type (uploader.ts).
    const declaredType = form.get('contentType')
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      contentType:
        (typeof declaredType === 'string' && declaredType) ||
        file.type ||
        'application/octet-stream',
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

/**
 * Hosted Storage's object keys: S3's safe characters and a few that need special handling
 * (supabase/storage, src/storage/limits.ts, isValidKey), which also keeps out control
 * characters and anything beyond ASCII.
 */
const HOSTED_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/

/**
 * Object keys hosted accepts, and of those, only non-empty segments other than `.` and `..`:
 * hosted stores such names literally, and refusing them here is stricter, never laxer.
 */
export function validObjectName(name: string): boolean {
  if (name === '' || name.length > 1024 || !HOSTED_KEY.test(name)) return false
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
}

/**
 * Whether a declared content type is one the bucket allows, compared as hosted compares it
 * (supabase/storage, src/storage/uploader.ts, validateMimeType): the parts either side of the
 * first "/" exactly, no case folding and no parameters, with `*` allowing any subtype.
 */
export function allowsMimeType(mimeType: string, allowed: readonly string[]): boolean {
  const [type, subtype] = mimeType.split('/')
  if (subtype === undefined) return false
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.split('/')
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)
  })
}
