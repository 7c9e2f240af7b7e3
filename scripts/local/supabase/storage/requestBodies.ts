/**
 * The JSON bodies hosted Storage accepts, checked as its route schemas check them (Fastify's Ajv,
 * which coerces a numeric string to a number and nothing else): a body outside the schema is a
 * 400 `InvalidRequest` before anything runs, so nothing is defaulted or clamped here that hosted
 * would refuse.
 */
import { isRecord } from '../http/respond.ts'
import { StorageError } from './storageError.ts'

const invalid = (message: string) => new StorageError(400, 'InvalidRequest', message)

/** Ajv's `coerceTypes`: a string that reads as a number becomes one; anything else stays. */
function coerceNumber(value: unknown): unknown {
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
    ? Number(value)
    : value
}

function integerAtLeast(body: Record<string, unknown>, key: string, minimum: number) {
  const value = coerceNumber(body[key])
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw invalid(`body/${key} must be integer`)
  if (value < minimum) throw invalid(`body/${key} must be >= ${minimum}`)
  return value
}

/**
 * Hosted's latest expiry for a signed URL, counted from now (src/internal/auth/jwt.ts,
 * MAX_ABSOLUTE_JWT_EXPIRATION_SECONDS and assertValidNumericJWTExpiration).
 */
const MAX_ABSOLUTE_EXPIRY_SECONDS = Math.floor(Number.MAX_SAFE_INTEGER / 1000)

/**
 * POST /object/sign/{bucket}/{name}: `expiresIn` is required, an integer of at least 1
 * (supabase/storage src/http/routes/object/getSignedURL.ts, getSignedURLBodySchema), and no later
 * than hosted's cap (assertValidNumericJWTExpiration: 400 InvalidParameter).
 */
export function signedUrlExpiry(body: unknown): number {
  if (!isRecord(body) || !('expiresIn' in body))
    throw invalid(`body must have required property 'expiresIn'`)
  const expiresIn = integerAtLeast(body, 'expiresIn', 1)
  if (expiresIn > MAX_ABSOLUTE_EXPIRY_SECONDS - Math.floor(Date.now() / 1000))
    throw new StorageError(400, 'InvalidParameter', 'Invalid Parameter expiresIn')
  return expiresIn
}

export interface ListOptions {
  prefix: string
  limit: number
  offset: number
  search: string
  column: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at'
  descending: boolean
}

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const

/**
 * storage.search never returns more than this, whatever the limit asked (migrations/tenant/
 * 0063-fix-search-name-relative-to-prefix.sql: `LEAST(coalesce(limits, 100), 1500)`).
 */
const MOST_LISTED = 1500

/**
 * POST /object/list/{bucket}: `prefix` required; `limit` an integer of at least 1 (default 100),
 * `offset` one of at least 0; `sortBy.column` required and one of four, `sortBy.order` asc or desc
 * (src/http/routes/object/listObjects.ts, searchRequestBodySchema).
 */
export function listOptions(body: unknown): ListOptions {
  if (!isRecord(body) || !('prefix' in body))
    throw invalid(`body must have required property 'prefix'`)
  if (typeof body.prefix !== 'string') throw invalid('body/prefix must be string')
  if (body.search !== undefined && typeof body.search !== 'string')
    throw invalid('body/search must be string')
  const limit = body.limit === undefined ? 100 : integerAtLeast(body, 'limit', 1)
  const offset = body.offset === undefined ? 0 : integerAtLeast(body, 'offset', 0)
  let column: ListOptions['column'] = 'name'
  let descending = false
  if (body.sortBy !== undefined) {
    if (!isRecord(body.sortBy)) throw invalid('body/sortBy must be object')
    const { column: asked, order } = body.sortBy
    if (asked === undefined) throw invalid(`body/sortBy must have required property 'column'`)
    if (!SORT_COLUMNS.includes(asked as ListOptions['column']))
      throw invalid('body/sortBy/column must be equal to one of the allowed values')
    if (order !== undefined && order !== 'asc' && order !== 'desc')
      throw invalid('body/sortBy/order must be equal to one of the allowed values')
    column = asked as ListOptions['column']
    descending = order === 'desc'
  }
  return {
    prefix: body.prefix,
    limit: Math.min(limit, MOST_LISTED),
    offset,
    search: body.search ?? '',
    column,
    descending,
  }
}

/**
 * Hosted's bulk limit (src/storage/limits.ts, MAX_OBJECTS_PER_REQUEST and
 * enforceDeleteObjectsLimit: "Bulk object requests are limited to 1000 objects per request.").
 */
const MOST_DELETED = 1000

/**
 * DELETE /object/{bucket}: `prefixes` required, strings, at least one, at most 1,000
 * (src/http/routes/object/deleteObjects.ts, deleteObjectsBodySchema). Each is an exact name:
 * nothing under a folder of that name is removed.
 */
export function deletePrefixes(body: unknown): string[] {
  if (!isRecord(body) || !('prefixes' in body))
    throw invalid(`body must have required property 'prefixes'`)
  const { prefixes } = body
  if (!Array.isArray(prefixes)) throw invalid('body/prefixes must be array')
  const notString = prefixes.findIndex((prefix) => typeof prefix !== 'string')
  if (notString >= 0) throw invalid(`body/prefixes/${notString} must be string`)
  if (prefixes.length < 1) throw invalid('body/prefixes must NOT have fewer than 1 items')
  if (prefixes.length > MOST_DELETED)
    throw invalid(`Bulk object requests are limited to ${MOST_DELETED} objects per request.`)
  return prefixes as string[]
}

/**
 * POST /object/sign/{bucket}: `expiresIn` as for one URL, and `paths`, strings, at least one, at
 * most 1,000 (src/http/routes/object/getSignedURLs.ts, getSignedURLsBodySchema, maxItems
 * MAX_OBJECTS_PER_REQUEST).
 */
export function signedUrlPaths(body: unknown): { expiresIn: number; paths: string[] } {
  const expiresIn = signedUrlExpiry(body)
  if (!isRecord(body) || !('paths' in body))
    throw invalid(`body must have required property 'paths'`)
  const { paths } = body
  if (!Array.isArray(paths)) throw invalid('body/paths must be array')
  const notString = paths.findIndex((path) => typeof path !== 'string')
  if (notString >= 0) throw invalid(`body/paths/${notString} must be string`)
  if (paths.length < 1) throw invalid('body/paths must NOT have fewer than 1 items')
  if (paths.length > MOST_DELETED)
    throw invalid(`body/paths must NOT have more than ${MOST_DELETED} items`)
  return { expiresIn, paths: paths as string[] }
}
