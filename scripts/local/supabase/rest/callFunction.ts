import type { Queryable } from '../db/database.ts'
import type { Catalog, FunctionInfo, TableInfo } from './catalog.ts'
import type { RestQuery } from './parseRequest.ts'
import { projectRows } from './readRows.ts'
import type { Rows } from './readRows.ts'
import { RestError } from './restError.ts'
import { isRawBody } from './rpcArguments.ts'
import type { Invocation } from './rpcArguments.ts'
import { Params, qualified, quoteIdent } from './sqlText.ts'

export interface CallResult {
  /** JSON text, or undefined for a void function. */
  body?: string
  /** Rows the call produced: 1 for a function returning one value (or void). */
  count: number
  /** A set-returning function: `body` is a JSON array. */
  set: boolean
}

/** JSON value → the text Postgres parses for an argument of `type`. */
function argumentText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (Array.isArray(value) && type.endsWith('[]')) {
    const items = value.map((v) =>
      v === null
        ? 'NULL'
        : `"${String(typeof v === 'object' ? JSON.stringify(v) : v).replace(/(["\\])/g, '\\$1')}"`,
    )
    return `{${items.join(',')}}`
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** The overloads whose parameters the argument names fit (Plan.hs v12.2.12 findProc, matchesParams). */
function matchingOverloads(candidates: FunctionInfo[], given: string[]): FunctionInfo[] {
  return candidates.filter((fn) => {
    const names = fn.args.map((a) => a.name)
    if (names.some((n) => n === '')) return given.length === 0 && fn.args.length === fn.defaults
    const required = names.slice(0, names.length - fn.defaults)
    return given.every((g) => names.includes(g)) && required.every((r) => given.includes(r))
  })
}

/**
 * 404 PGRST202 as PostgREST words it (src/PostgREST/Error.hs v12.2.12, `toJSON (NoRpc …)` and
 * noRpcHint; v13.0.8 the same): the argument names sorted (they are a Set there), "without
 * parameters" for none, the single-json-parameter fallback named only for a JSON POST. The hint
 * is hosted's fuzzy match narrowed to what is certain: it is given only when the function exists,
 * naming the overload sharing the most argument names; for an unknown name it is left out.
 */
function functionNotFound(
  schema: string,
  name: string,
  given: string[],
  candidates: FunctionInfo[],
  invocation: Invocation,
): RestError {
  const fn = `${schema}.${name}`
  // A raw body (text, xml, bytea) looks for one unnamed parameter of its type only.
  if (isRawBody(invocation)) {
    return new RestError(
      404,
      'PGRST202',
      `Could not find the function ${fn} in the schema cache`,
      `Searched for the function ${fn} with a single unnamed ${invocation} parameter, but no matches were found in the schema cache.`,
    )
  }
  const keys = [...given].sort()
  const listed = keys.join(', ')
  const withParams =
    keys.length === 0
      ? ' without parameters'
      : ` with parameter${keys.length > 1 ? 's' : ''} ${listed}`
  const closest = [...candidates].sort(
    (a, b) => shared(b, keys) - shared(a, keys) || a.args.length - b.args.length,
  )[0]
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${fn}${keys.length === 0 ? ' without parameters' : `(${listed})`} in the schema cache`,
    `Searched for the function ${fn}${withParams}${invocation === 'json' ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    closest
      ? `Perhaps you meant to call the function ${fn}(${closest.args
          .map((a) => a.name)
          .sort()
          .join(', ')})`
      : null,
  )
}

function shared(fn: FunctionInfo, keys: string[]): number {
  return fn.args.filter((a) => keys.includes(a.name)).length
}

/** Whether the request reads the result: anything but `select=*` with no filter or page. */
function readsResult(query: RestQuery): boolean {
  return (
    query.filters.length > 0 ||
    query.order.length > 0 ||
    query.limit !== undefined ||
    query.offset > 0 ||
    query.select.length !== 1 ||
    query.select[0]!.kind !== 'star'
  )
}

/** The table whose row type a function returns (`setof public.audit_parents`). */
function rowTable(catalog: Catalog, fn: FunctionInfo): TableInfo | undefined {
  const [first, second] = fn.returnType.split('.').map((part) => part.replace(/^"|"$/g, ''))
  if (second !== undefined) return catalog.tableSync(first!, second)
  return catalog.tableSync(fn.schema, first!) ?? catalog.tableSync('public', first!)
}

/**
 * The function an /rpc call names, picked among its overloads by the argument names given, as
 * PostgREST's findProc does (src/PostgREST/Plan.hs v12.2.12, callReadPlan): 404 PGRST202 if
 * none fits, 300 PGRST203 (Error.hs AmbiguousRpc) if more than one does.
 */
export async function findFunction(
  catalog: Catalog,
  schema: string,
  name: string,
  given: string[],
  invocation: Invocation,
): Promise<FunctionInfo> {
  const named = await catalog.functionsNamed(schema, name)
  // With a raw body, a function without parameters does not fit (findProc, matchesParams).
  const candidates = isRawBody(invocation) ? named.filter((f) => f.args.length > 0) : named
  const [fn, ...others] = matchingOverloads(candidates, given)
  if (!fn) throw functionNotFound(schema, name, given, named, invocation)
  // More than one fits: hosted does not choose (findProc `(procs, _) -> Left $ AmbiguousRpc`),
  // where Postgres, handed one overload's types, would run it.
  if (others.length > 0) {
    const signatures = [fn, ...others].map(
      (f) => `${f.schema}.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`,
    )
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${signatures.join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  }
  return fn
}

/** POST/GET /rpc/{fn}: named arguments as parameters, cast to the declared types. */
export async function callFunction(
  tx: Queryable,
  catalog: Catalog,
  fn: FunctionInfo,
  args: Record<string, unknown>,
  /** The most rows a set-returning function's answer holds (the Data API's max rows). */
  maxRows: number,
  /** select, filters, order, limit and offset of the request, read off the function's rows. */
  read?: RestQuery,
): Promise<CallResult> {
  const given = Object.keys(args)
  // POST to a STABLE or IMMUTABLE function runs read-only, so a write it makes through a
  // volatile callee fails with 25006 (405), as on hosted (src/PostgREST/Plan.hs v12.2.12:182-186,
  // callReadPlan: `(Inv, Routine.Stable) -> SQL.Read`). GET is read-only already.
  if (fn.volatility !== 'v') await tx.query('set transaction read only')
  const params = new Params()
  // Argument types come from the catalog (format_type), never from the request.
  const call = `${qualified(fn.schema, fn.name)}(${fn.args
    .filter((a) => given.includes(a.name))
    .map(
      (a) =>
        `${quoteIdent(a.name)} := ${params.add(argumentText(args[a.name], a.type))}::${a.type}`,
    )
    .join(', ')})`

  if (read && readsResult(read)) {
    // Hosted plans an /rpc call as a read of its result, so select, filters, order and limit
    // apply to the function's rows (src/PostgREST/Plan.hs v12.2.12:160-190, callReadPlan
    // `rPlan <- readPlan ...`; Query/QueryBuilder.hs callPlanToQuery). Done here for a function
    // returning a set of a table's rows; anything else is refused rather than ignored.
    const table = fn.returnsSet && fn.returnTypeKind === 'c' ? rowTable(catalog, fn) : undefined
    if (!table) {
      throw new RestError(
        400,
        'PGRST100',
        `select, filters, order, limit and offset on /rpc/${fn.name} are not supported by the local backend`,
        'The local backend applies them only to a function returning a set of a table type.',
      )
    }
    const page = { ...read, limit: Math.min(read.limit ?? maxRows, maxRows) }
    const sql = projectRows(call, table, page, catalog, params, {
      filter: true,
      page: true,
      embedLimit: maxRows,
    })
    const result = await tx.query<Rows>(sql, params.values)
    return { ...(result.rows[0] ?? { body: '[]', count: 0 }), set: true }
  }
  if (fn.returnType === 'void') {
    await tx.query(`select ${call}`, params.values)
    // PostgREST reads a void call as one row (its failNotSingular passes it).
    return { count: 1, set: false }
  }
  if (fn.returnsSet) {
    const scalar = fn.returnTypeKind !== 'c' && fn.returnType !== 'record'
    const item = scalar ? `to_json(_r.v)` : `to_json(_r)`
    const from = scalar ? `${call} as _r(v)` : `${call} _r`
    // A whole number from the backend's settings, never from the request.
    const rows = `(select * from ${from} limit ${Math.trunc(maxRows)}) _r`
    const result = await tx.query<{ body: string; count: number }>(
      `select coalesce(json_agg(${item}), '[]')::text as body, count(*)::int as count from ${rows}`,
      params.values,
    )
    return { ...(result.rows[0] ?? { body: '[]', count: 0 }), set: true }
  }
  const result = await tx.query<{ body: string }>(
    `select to_json(${call})::text as body`,
    params.values,
  )
  return { body: result.rows[0]?.body ?? 'null', count: 1, set: false }
}
