import { json } from '../http/respond.ts'

/**
 * Supabase Storage's error body: `{ statusCode, error, message }` (statusCode as a string). The
 * HTTP status is 400 whatever the reason, and 500 for a server fault: hosted names the reason
 * only in the body (supabase/storage v1.70, src/internal/errors/storage-error.ts
 * StorageBackendError: `userStatusCode = httpStatusCode === 500 ? 500 : 400`, which
 * src/http/error-handler.ts sends). Code that read the HTTP status would work here and not there.
 */
export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    /** The HTTP status, where hosted sends one other than 400 (a route it does not have: 404). */
    readonly httpStatus = status >= 500 ? 500 : 400,
  ) {
    super(message)
  }

  toResponse(): Response {
    return json(this.httpStatus, {
      statusCode: String(this.status),
      error: this.error,
      message: this.message,
    })
  }
}

export const objectNotFound = () => new StorageError(404, 'not_found', 'Object not found')
export const bucketNotFound = () => new StorageError(404, 'Bucket not found', 'Bucket not found')
export const rlsRefused = () =>
  new StorageError(403, 'Unauthorized', 'new row violates row-level security policy')
