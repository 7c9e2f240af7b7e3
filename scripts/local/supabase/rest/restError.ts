import { json } from '../http/respond.ts'

/** PostgREST's error body: `{ code, message, details, hint }`. postgrest-js passes it through. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message)
  }

  toResponse(): Response {
    return json(this.status, {
      code: this.code,
      message: this.message,
      details: this.details,
      hint: this.hint,
    })
  }
}

/** A query string PostgREST could not parse (the request, not the server, is wrong). */
export const parseError = (message: string, details: string | null = null) =>
  new RestError(400, 'PGRST100', message, details)
