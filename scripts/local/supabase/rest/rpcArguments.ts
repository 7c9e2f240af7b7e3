import { isRecord, readJson } from '../http/respond.ts'
import type { RestQuery } from './parseRequest.ts'
import { RestError } from './restError.ts'

/**
 * How an /rpc call hands its arguments over: in the query string (GET, HEAD), as a JSON object,
 * or as a raw body that only a function with one unnamed parameter of that type takes.
 */
export type Invocation = 'get' | 'json' | 'text' | 'xml' | 'bytea'

/** A raw body: it names no argument, and fits only one unnamed parameter of its type. */
export function isRawBody(invocation: Invocation): invocation is 'text' | 'xml' | 'bytea' {
  return invocation === 'text' || invocation === 'xml' || invocation === 'bytea'
}

const RAW_BODIES: Record<string, Invocation> = {
  'text/plain': 'text',
  'text/xml': 'xml',
  'application/octet-stream': 'bytea',
}

/**
 * The named arguments of an /rpc call. A POST body is read by its Content-Type, as PostgREST's
 * getPayload does (src/PostgREST/ApiRequest.hs v12.2.12): JSON (the default) is an object of
 * arguments, an empty body `{}`; text/plain, text/xml and application/octet-stream are raw
 * bodies naming no argument; anything else is refused. (Hosted also reads a urlencoded body
 * as arguments and an array as a bulk call; the local backend refuses both.)
 */
export async function readRpcArguments(
  req: Request,
  query: RestQuery,
  reading: boolean,
): Promise<{ args: Record<string, unknown>; invocation: Invocation }> {
  if (reading) return { args: Object.fromEntries(query.rest), invocation: 'get' }
  const type = (req.headers.get('content-type') ?? 'application/json')
    .split(';')[0]!
    .trim()
    .toLowerCase()
  const raw = RAW_BODIES[type]
  if (raw) return { args: {}, invocation: raw }
  if (type !== 'application/json')
    throw new RestError(400, 'PGRST102', `Content-Type not acceptable: ${type}`)
  const args = await readJson(req)
  if (!isRecord(args)) throw new RestError(400, 'PGRST102', 'Empty or invalid json')
  return { args, invocation: 'json' }
}
