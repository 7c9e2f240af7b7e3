import { json } from '../http/respond.ts'

/** Supabase Storage's error body: `{ statusCode, error, message }` (statusCode as a string). */
export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message)
  }

  toResponse(): Response {
    return json(this.status, {
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
