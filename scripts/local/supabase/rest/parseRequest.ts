import type { Filter, JsonPathStep } from './parseFilters.ts'
import { parseColumnPath, parseLogic, parseOperation } from './parseFilters.ts'
import type { SelectItem } from './parseSelect.ts'
import { parseSelect } from './parseSelect.ts'
import { parsePreferences } from './preferences.ts'
import type { Preferences } from './preferences.ts'
import { RestError, parseError } from './restError.ts'
import { splitTopLevel, unquote } from './splitTopLevel.ts'

export interface OrderTerm {
  column: string
  path: JsonPathStep[]
  direction: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

export interface RestQuery {
  select: SelectItem[]
  filters: Filter[]
  order: OrderTerm[]
  limit?: number
  offset: number
  /** `limit` or `offset` given as a query parameter (not as a Range header). */
  pageInQuery: boolean
  onConflict?: string[]
  columns?: string[]
  /** Accept: application/vnd.pgrst.object+json (single()/maybeSingle() on writes). */
  singleObject: boolean
  stripNulls: boolean
  prefer: Preferences
  /** GET /rpc arguments: the query parameters that are neither keywords nor filters. */
  rest: Map<string, string>
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns', 'apikey'])

function nonNegativeInteger(name: string, value: string): number {
  if (!/^\d+$/.test(value))
    throw parseError(
      `"failed to parse ${name} parameter (${value})"`,
      'expecting a non-negative integer',
    )
  return Number(value)
}

function parseOrder(text: string): OrderTerm[] {
  const parts = splitTopLevel(text)
  if (!parts) throw parseError(`"failed to parse order (${text})" (line 1, column 1)`)
  return parts.map((part) => {
    const pieces = part.split('.')
    const field = pieces.shift() ?? ''
    const term: OrderTerm = { ...parseColumnPath(field), direction: 'asc' }
    for (const piece of pieces) {
      if (piece === 'asc' || piece === 'desc') term.direction = piece
      else if (piece === 'nullsfirst') term.nulls = 'first'
      else if (piece === 'nullslast') term.nulls = 'last'
      else
        throw parseError(
          `"failed to parse order (${text})" (line 1, column 1)`,
          `unexpected "${piece}"`,
        )
    }
    return term
  })
}

/**
 * `Range: 0-9` (items) → offset 0, limit 10. One whose lower bound is over its upper is 416, as
 * PostgREST answers it (src/PostgREST/ApiRequest.hs v12.2.12, getRanges: LowerGTUpper).
 */
function parseRange(headers: Headers): { offset: number; limit?: number } | undefined {
  const match = /^(?:items=)?(\d+)-(\d*)$/.exec((headers.get('range') ?? '').trim())
  if (!match) return undefined
  const from = Number(match[1])
  if (match[2] && Number(match[2]) < from) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    )
  }
  return { offset: from, limit: match[2] ? Number(match[2]) - from + 1 : undefined }
}

/**
 * The query string as PostgREST splits it: pairs separated by `&` or `;`, `+` read as a space,
 * and a value of null for a parameter written without `=` (src/PostgREST/ApiRequest/QueryParams.hs
 * v12.2.12, parse: `HTTP.parseQueryReplacePlus True`, whose pairs http-types splits on both).
 */
function queryPairs(search: string): [string, string | null][] {
  const decode = (text: string) => new URLSearchParams(`v=${text}`).get('v') ?? ''
  return search
    .replace(/^\?/, '')
    .split(/[&;]/)
    .filter((piece) => piece !== '')
    .map((piece) => {
      const equals = piece.indexOf('=')
      if (equals < 0) return [decode(piece), null]
      return [decode(piece.slice(0, equals)), decode(piece.slice(equals + 1))]
    })
}

/**
 * Whether a GET /rpc parameter's value is a filter on the result rather than an argument: one
 * that parses as an operator expression. PostgREST tries the operator parser and falls back to
 * an argument only when it consumed nothing (QueryParams.hs v12.2.12 and v13.0.8, pRequestFilter:
 * `pOpExpr pSingleVal <|> pure (NoOpExpr v)`; pOpExpr). `not.`, `in.` and `is.` commit the parser
 * (their `try` ends at the delimiter), so a value that goes on wrongly after them is a parse error,
 * 400 PGRST100, and never an argument; the other operators are tried whole.
 */
function isOperatorExpression(value: string): boolean {
  const negated = value.startsWith('not.')
  const rest = negated ? value.slice(4) : value
  const committed = (expecting: string) =>
    parseError(`"failed to parse filter (${value})" (line 1, column 1)`, expecting)
  if (rest.startsWith('in.')) {
    if (!rest.startsWith('in.(')) throw committed('expecting "("')
    return true
  }
  if (rest.startsWith('is.')) {
    if (!/^is\.(null|unknown|true|false)/i.test(rest))
      throw committed('expecting null or trilean value (unknown, true, false)')
    return true
  }
  if (
    /^isdistinct\./.test(rest) ||
    /^(fts|plfts|phfts|wfts)(\([^()]+\))?\./.test(rest) ||
    /^(neq|cs|cd|ov|sl|sr|nxr|nxl|adj)\./.test(rest) ||
    /^(eq|gte|gt|lte|lt|like|ilike|match|imatch)(\((any|all)\))?\./.test(rest)
  )
    return true
  if (negated) throw committed('expecting operator (eq, gt, ...)')
  return false
}

/**
 * With `argumentsInQuery` (GET and HEAD /rpc/fn) a parameter whose value is not an operator
 * expression is a function argument; every other one is a filter on the result, as on tables.
 */
export function parseRestRequest(
  req: Request,
  options: { argumentsInQuery?: boolean } = {},
): RestQuery {
  const url = new URL(req.url)
  const pairs = queryPairs(url.search)
  // The first occurrence of a reserved parameter counts (QueryParams.hs parse, lookupParam).
  const param = (name: string): string | null => pairs.find(([key]) => key === name)?.[1] ?? null
  const filters: Filter[] = []
  const rest = new Map<string, string>()
  for (const [key, value] of pairs) {
    // A parameter without `=` is dropped (QueryParams.hs parse, nonemptyParams).
    if (value === null || RESERVED.has(key)) continue
    const logic = /^(not\.)?(and|or)$/.exec(key)
    if (logic) {
      filters.push(parseLogic(logic[2] as 'and' | 'or', Boolean(logic[1]), value))
    } else if (key.includes('.')) {
      throw parseError(
        `"failed to parse filter (${key})"`,
        'filters on embedded resources are not supported by the local backend',
      )
    } else if (options.argumentsInQuery && !isOperatorExpression(value)) {
      rest.set(key, value)
    } else {
      filters.push(parseOperation(key, value))
    }
  }
  const accept = req.headers.get('accept') ?? ''
  const range = parseRange(req.headers)
  const queryLimit = param('limit')
  const queryOffset = param('offset')
  let limit = queryLimit !== null ? nonNegativeInteger('limit', queryLimit) : undefined
  if (range?.limit !== undefined)
    limit = limit === undefined ? range.limit : Math.min(limit, range.limit)
  const columns = param('columns')
  const onConflict = param('on_conflict')
  return {
    select: parseSelect(param('select') ?? '*'),
    filters,
    order: param('order') ? parseOrder(param('order')!) : [],
    limit,
    pageInQuery: queryLimit !== null || queryOffset !== null,
    offset: queryOffset !== null ? nonNegativeInteger('offset', queryOffset) : (range?.offset ?? 0),
    onConflict: onConflict ? onConflict.split(',').map((c) => c.trim()) : undefined,
    columns: columns ? (splitTopLevel(columns) ?? []).map((c) => unquote(c.trim())) : undefined,
    singleObject: accept.includes('application/vnd.pgrst.object+json'),
    stripNulls: accept.includes('nulls=stripped'),
    prefer: parsePreferences(req.headers),
    rest,
  }
}
