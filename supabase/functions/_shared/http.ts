/**
 * Responses of Folio's edge functions: JSON, CORS for the site's origin (the platform does not
 * add it), and one shape for errors: `{ error: <sentence for people>, code: <for code> }`.
 */
import { MissingEnvError } from './env.ts'

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
}

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...corsHeaders, ...headers },
  })
}

export function errorResponse(
  status: number,
  code: string,
  error: string,
  headers?: Record<string, string>,
): Response {
  return json(status, { error, code }, headers)
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

/** Preflight, method check and error mapping shared by every function. */
export function endpoint(run: (req: Request) => Promise<Response>) {
  return async (req: Request): Promise<Response> => {
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders })
    if (req.method !== 'POST')
      return errorResponse(405, 'method_not_allowed', 'Use POST.', { allow: 'POST, OPTIONS' })
    try {
      return await run(req)
    } catch (error) {
      if (error instanceof HttpError)
        return errorResponse(error.status, error.code, error.message, error.headers)
      if (error instanceof MissingEnvError)
        return errorResponse(500, 'not_configured', 'Billing is not configured on this server.')
      console.error(error)
      return errorResponse(500, 'internal', 'Something went wrong on our side. Please try again.')
    }
  }
}

export interface BodyLimit {
  maxBytes: number
  /** What the person is told when they send more. */
  tooLargeMessage: string
}

/**
 * The request body as text, reading at most `maxBytes`: a larger one is a 413 with
 * `tooLargeMessage`, thrown as soon as the declared length or the bytes read so far pass the
 * limit, so no caller can be made to hold an unbounded body.
 */
export async function readBoundedText(
  req: Request,
  { maxBytes: limit, tooLargeMessage: message }: BodyLimit,
): Promise<string> {
  const tooLarge = () => new HttpError(413, 'too_large', message)
  if (Number(req.headers.get('content-length') ?? 0) > limit) throw tooLarge()
  if (!req.body) return ''
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}

/** The request body as an object; anything else is the caller's mistake. */
export async function readJsonBody(
  req: Request,
  limit?: BodyLimit,
): Promise<Record<string, unknown>> {
  const text = limit ? await readBoundedText(req, limit) : await req.text().catch(() => '')
  let body: unknown = null
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON: refused below like any other shape that is not an object.
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'invalid_body', 'Send a JSON object.')
  return body as Record<string, unknown>
}
