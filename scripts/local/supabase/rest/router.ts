import { gatewayError, identifyCaller } from '../apiCaller.ts'
import { isPgError } from '../db/database.ts'
import type { Database, Queryable } from '../db/database.ts'
import { UnknownRoleError, withClaims } from '../db/withClaims.ts'
import type { ClaimsOptions } from '../db/withClaims.ts'
import { BadJsonError, json } from '../http/respond.ts'
import type { Handler } from '../http/server.ts'
import type { Keys } from '../keys.ts'
import { callFunction, findFunction } from './callFunction.ts'
import type { Catalog } from './catalog.ts'
import { parseRestRequest } from './parseRequest.ts'
import type { RestQuery } from './parseRequest.ts'
import { restErrorFromPg } from './pgErrors.ts'
import { readRpcArguments } from './rpcArguments.ts'
import {
  failInvalidPreferences,
  failMaxAffectedOnSingle,
  preferenceApplied,
} from './preferences.ts'
import { COUNT_FUNCTION_CALLS, failUnqualifiedWrites, functionCalls } from './safeUpdate.ts'
import type { Preferences } from './preferences.ts'
import { countRows, readRows } from './readRows.ts'
import type { Rows } from './readRows.ts'
import { RestError } from './restError.ts'
import { deleteRows, insertRows, updateRows } from './writeRows.ts'

export interface RestContext {
  db: Database
  keys: Keys
  catalog: Catalog
  /** Called after a write committed (realtime picks up the changes). */
  afterWrite: () => void
  /**
   * The most rows a read returns, whatever limit or range it asks for, at the top and in each
   * embedded list, and from a set-returning function; writes are not capped. PostgREST's
   * `db-max-rows` (src/PostgREST/Plan.hs, readPlan: `treeRestrictRange configDbMaxRows`, which
   * leaves relation mutations alone); `[api] max_rows` in supabase/config.toml.
   */
  maxRows: number
}

const PREFIX = '/rest/v1'
/**
 * Data API requests get the API roles' timeouts, as PostgREST applies them, and count their
 * function calls for pg-safeupdate's check (safeUpdate.ts).
 */
const AS_POSTGREST: ClaimsOptions = { roleSettings: true, settings: COUNT_FUNCTION_CALLS }

function contentRange(query: RestQuery, rows: Rows, total?: number): string {
  const totalText = total === undefined ? '*' : String(total)
  if (rows.count === 0) return `*/${totalText}`
  return `${query.offset}-${query.offset + rows.count - 1}/${totalText}`
}

/**
 * A counted read's status, as PostgREST gives it once it knows the total
 * (src/PostgREST/RangeQuery.hs v12.2.12 and v13.0.8, rangeStatusHeader): an offset past the
 * last row is 416 PGRST103, not an empty page (Response.hs actionResponse, OutOfBounds), and a
 * page short of the total is 206. Without a count the total is unknown: always 200.
 */
function rangeStatus(query: RestQuery, rows: Rows, total: number | undefined): number {
  if (total === undefined) return 200
  if (query.offset > total) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${query.offset} was requested, but there are only ${total} rows.`,
    )
  }
  return rows.count < total ? 206 : 200
}

/**
 * single() (Accept: application/vnd.pgrst.object+json): anything but exactly one row is 406.
 * Thrown inside a write's transaction it rolls the write back, whatever `Prefer: return` says,
 * as PostgREST's failNotSingular does for every insert, update, delete and /rpc call
 * (src/PostgREST/Query.hs v12.2.12:128-174, 249-254: `SQL.condemn`, then SingularityError).
 */
function failNotSingular(count: number): void {
  if (count !== 1) {
    throw new RestError(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${count} rows`,
    )
  }
}

/**
 * `Prefer: handling=strict, max-affected=n`: an update, delete or /rpc call affecting more than
 * n rows is rolled back with 400 PGRST124 (src/PostgREST/Query.hs v12.2.12:141,155,175,256-261,
 * failExceedsMaxAffectedPref; inserts are not checked).
 */
function failExceedsMaxAffected(query: RestQuery, count: number): void {
  const max = query.prefer.maxAffected
  if (query.prefer.strict && max !== undefined && count > max) {
    throw new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${count} rows`,
    )
  }
}

/**
 * A Data API request's transaction: as the JWT's role (withClaims), ending with pg-safeupdate's
 * check of the functions the request ran, which fails and rolls back the request as hosted
 * would. It commits otherwise, whatever `Prefer: tx=` says (preferences.ts, KNOWN).
 */
async function asDataApi<T>(
  ctx: RestContext,
  claims: Parameters<typeof withClaims>[1],
  options: ClaimsOptions,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return withClaims(
    ctx.db,
    claims,
    async (tx) => {
      const before = await functionCalls(tx)
      const result = await work(tx)
      await failUnqualifiedWrites(tx, before)
      return result
    },
    options,
  )
}

/**
 * What a request's preferences ask of its transaction, once they pass hosted's strict check:
 * an accepted `timezone=` is set for the request, as PostgREST sets it with the claims
 * (src/PostgREST/Query.hs v12.2.12:289-300, setPgLocals `timezoneSql`).
 */
async function requestOptions(
  ctx: RestContext,
  prefer: Preferences,
): Promise<{ options: ClaimsOptions; timezoneAccepted: boolean }> {
  const timezoneAccepted =
    prefer.timezone !== undefined && (await ctx.catalog.timezoneNames()).has(prefer.timezone)
  failInvalidPreferences(prefer, timezoneAccepted)
  const options = timezoneAccepted
    ? { ...AS_POSTGREST, settings: { ...AS_POSTGREST.settings, timezone: prefer.timezone! } }
    : AS_POSTGREST
  return { options, timezoneAccepted }
}

/**
 * `limit`/`offset` on a PATCH or DELETE. PostgREST 12 refuses them without `order`, 400 PGRST109
 * (src/PostgREST/ApiRequest.hs v12.2.12, getRanges: LimitNoOrderError), and with one changes only
 * that many rows (Query/QueryBuilder.hs mutatePlanToQuery); PostgREST 13 dropped the feature and
 * changes every matching row (commit 307692c32). Refused here in both cases, so nothing passes
 * locally that one of the hosted versions would do otherwise.
 */
function failLimitedWrite(query: RestQuery): void {
  if (!query.pageInQuery) return
  if (query.order.length === 0) {
    throw new RestError(
      400,
      'PGRST109',
      "A 'limit' was applied without an explicit 'order'",
      null,
      "Apply an 'order' using unique column(s)",
    )
  }
  throw new RestError(
    400,
    'PGRST100',
    'limit and offset on an update or a delete are refused by the local backend',
    'PostgREST 12 changes only that many rows, PostgREST 13 ignores them and changes every matching row.',
  )
}

/** single(): exactly one row, served as an object. */
function asSingle(rows: Rows): string {
  failNotSingular(rows.count)
  return JSON.stringify((JSON.parse(rows.body) as unknown[])[0])
}

/**
 * A table POST/PATCH body: JSON, decoded as it is. Unlike /rpc (rpcArguments.ts), an empty body is
 * not `{}` but 400 PGRST102 "Empty or invalid json", and another content type is refused
 * (src/PostgREST/ApiRequest.hs v12.2.12:250-271, getPayload; hosted also takes CSV and
 * urlencoded bodies, which the local backend does not implement, so it refuses them too).
 */
async function readTablePayload(req: Request): Promise<unknown> {
  const type = (req.headers.get('content-type') ?? 'application/json')
    .split(';')[0]!
    .trim()
    .toLowerCase()
  if (type !== 'application/json')
    throw new RestError(400, 'PGRST102', `Content-Type not acceptable: ${type}`)
  try {
    return JSON.parse(await req.text()) as unknown
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json')
  }
}

function respond(
  status: number,
  query: RestQuery,
  body: string | undefined,
  headers: Record<string, string>,
): Response {
  const type = query.singleObject ? 'application/vnd.pgrst.object+json' : 'application/json'
  return new Response(body === undefined || body === '' ? null : body, {
    status: body === undefined || body === '' ? (status === 201 ? 201 : 204) : status,
    headers: { 'content-type': `${type}; charset=utf-8`, ...headers },
  })
}

/** PostgREST-compatible /rest/v1 over the exposed schemas. */
export function restRouter(ctx: RestContext): Handler {
  return async (req) => {
    const caller = await identifyCaller(req, ctx.keys)
    if (!caller.ok) {
      const gateway = gatewayError(caller)
      if (gateway) return json(401, gateway)
      const code = caller.kind === 'jwt_expired' ? 'PGRST303' : 'PGRST301'
      return json(401, { code, message: caller.message, details: null, hint: null })
    }
    const role = caller.claims.role
    try {
      return await handle(ctx, req, caller.claims)
    } catch (error) {
      if (error instanceof RestError) return error.toResponse()
      if (error instanceof BadJsonError)
        return new RestError(400, 'PGRST102', 'Empty or invalid json').toResponse()
      if (error instanceof UnknownRoleError)
        return new RestError(401, 'PGRST301', error.message).toResponse()
      if (isPgError(error)) return restErrorFromPg(error, role).toResponse()
      throw error
    }
  }
}

async function handle(
  ctx: RestContext,
  req: Request,
  claims: Parameters<typeof withClaims>[1],
): Promise<Response> {
  const path = new URL(req.url).pathname.slice(PREFIX.length)
  const method = req.method
  const reading = method === 'GET' || method === 'HEAD'
  const schema =
    req.headers.get(reading ? 'accept-profile' : 'content-profile') ?? ctx.catalog.schemas[0]!
  if (!ctx.catalog.schemas.includes(schema)) {
    throw new RestError(
      406,
      'PGRST106',
      `The schema must be one of the following: ${ctx.catalog.schemas.join(', ')}`,
    )
  }
  if (path === '' || path === '/')
    return json(200, { swagger: '2.0', info: { title: 'Folio local REST' } })

  const rpc = /^\/rpc\/([^/]+)$/.exec(path)
  if (rpc) {
    const query = parseRestRequest(req, { argumentsInQuery: reading })
    const { args, invocation } = await readRpcArguments(req, query, reading)
    // Look the function up before the request's transaction: an unknown name reloads the
    // schema cache in a transaction of its own, which on PGlite (one connection) would
    // wait forever behind the request's.
    const fn = await findFunction(
      ctx.catalog,
      schema,
      decodeURIComponent(rpc[1]!),
      Object.keys(args),
      invocation,
    )
    const { options, timezoneAccepted } = await requestOptions(ctx, query.prefer)
    failMaxAffectedOnSingle(query.prefer, fn)
    const result = await asDataApi(ctx, claims, options, async (tx) => {
      if (reading) await tx.query('set transaction read only')
      const called = await callFunction(tx, ctx.catalog, fn, args, ctx.maxRows, query)
      // In the transaction, so a volatile function's writes are rolled back (Query.hs:174).
      if (query.singleObject) failNotSingular(called.count)
      failExceedsMaxAffected(query, called.count)
      return called
    })
    if (!reading) ctx.afterWrite()
    const body =
      query.singleObject && result.set && result.body !== undefined
        ? asSingle({ body: result.body, count: result.count })
        : result.body
    return respond(
      200,
      query,
      method === 'HEAD' ? undefined : body,
      preferenceApplied(query.prefer, 'rpc', { timezoneAccepted }),
    )
  }

  const tableName = decodeURIComponent(path.slice(1))
  const table = await ctx.catalog.table(schema, tableName)
  if (!table) {
    throw new RestError(
      404,
      'PGRST205',
      `Could not find the table '${schema}.${tableName}' in the schema cache`,
    )
  }
  const query = parseRestRequest(req)
  const { options, timezoneAccepted } = await requestOptions(ctx, query.prefer)

  if (reading) {
    const read = { ...query, limit: Math.min(query.limit ?? ctx.maxRows, ctx.maxRows) }
    const { rows, total } = await asDataApi(ctx, claims, options, async (tx) => {
      await tx.query('set transaction read only')
      const rows = await readRows(tx, ctx.catalog, table, read, ctx.maxRows)
      const total = read.prefer.count ? await countRows(tx, ctx.catalog, table, read) : undefined
      return { rows, total }
    })
    const body = read.singleObject ? asSingle(rows) : rows.body
    return respond(rangeStatus(read, rows, total), read, method === 'HEAD' ? undefined : body, {
      'content-range': contentRange(read, rows, total),
      ...preferenceApplied(read.prefer, 'read', { timezoneAccepted }),
    })
  }

  if (method === 'PATCH' || method === 'DELETE') failLimitedWrite(query)
  const body = method === 'DELETE' ? undefined : await readTablePayload(req)
  const rows = await asDataApi(ctx, claims, options, async (tx) => {
    const result =
      method === 'POST'
        ? await insertRows(tx, ctx.catalog, table, query, body)
        : method === 'PATCH'
          ? await updateRows(tx, ctx.catalog, table, query, body)
          : method === 'DELETE'
            ? await deleteRows(tx, ctx.catalog, table, query)
            : undefined
    if (!result) throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
    if (query.singleObject) failNotSingular(result.count)
    if (method !== 'POST') failExceedsMaxAffected(query, result.count)
    return result
  })
  ctx.afterWrite()
  const answered = method === 'POST' ? 'insert' : method === 'PATCH' ? 'update' : 'delete'
  const headers: Record<string, string> = {
    'content-range': query.prefer.count
      ? contentRange({ ...query, offset: 0 }, rows, rows.count)
      : '*/*',
    ...preferenceApplied(query.prefer, answered, {
      timezoneAccepted,
      resolutionApplies: table.primaryKey.length > 0 || query.onConflict !== undefined,
    }),
  }
  const payload =
    query.prefer.return === 'representation'
      ? query.singleObject
        ? asSingle(rows)
        : rows.body
      : undefined
  return respond(method === 'POST' ? 201 : 200, query, payload, headers)
}
