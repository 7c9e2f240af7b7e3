/** Small helpers for building Web `Response`s the way the Supabase services shape them. */

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })
}

export function noContent(headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 204, headers })
}

export function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location } })
}

/** Parses a JSON body; an empty body is `{}`. Throws a typed error for the router to map. */
export async function readJson(req: Request): Promise<unknown> {
  const text = await req.text()
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new BadJsonError()
  }
}

export class BadJsonError extends Error {
  constructor() {
    super('Request body is not valid JSON')
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function stringField(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key]
  return typeof value === 'string' ? value : undefined
}
