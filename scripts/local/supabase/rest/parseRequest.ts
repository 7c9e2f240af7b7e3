import type { Filter, JsonPathStep } from './parseFilters.ts'
import { parseColumnPath, parseLogic, parseOperation } from './parseFilters.ts'
import type { SelectItem } from './parseSelect.ts'
import { parseSelect } from './parseSelect.ts'
import { parseError } from './restError.ts'
import { splitTopLevel, unquote } from './splitTopLevel.ts'

export interface OrderTerm {
  column: string
  path: JsonPathStep[]
  direction: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missingDefault: boolean
  rollback: boolean
  /** `handling=strict`: with `max-affected=n`, more affected rows fail the request. */
  strict: boolean
  maxAffected?: number
}

export interface RestQuery {
  select: SelectItem[]
  filters: Filter[]
  order: OrderTerm[]
  limit?: number
  offset: number
  onConflict?: string[]
  columns?: string[]
  /** Accept: application/vnd.pgrst.object+json (single()/maybeSingle() on writes). */
  singleObject: boolean
  stripNulls: boolean
  prefer: Preferences
  /** Query parameters that were not PostgREST keywords (RPC arguments for GET). */
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

function parsePrefer(headers: Headers): Preferences {
  const tokens = (headers.get('prefer') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
  const prefer: Preferences = {
    return: 'minimal',
    missingDefault: false,
    rollback: false,
    strict: false,
  }
  for (const token of tokens) {
    const [key, value] = token.split('=').map((s) => s.trim())
    if (
      key === 'return' &&
      (value === 'minimal' || value === 'representation' || value === 'headers-only')
    )
      prefer.return = value
    if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated'))
      prefer.count = value
    if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates'))
      prefer.resolution = value
    if (key === 'missing' && value === 'default') prefer.missingDefault = true
    if (key === 'tx' && value === 'rollback') prefer.rollback = true
    if (key === 'handling' && (value === 'strict' || value === 'lenient'))
      prefer.strict = value === 'strict'
    if (key === 'max-affected' && value !== undefined && /^-?\d+$/.test(value))
      prefer.maxAffected = Number(value)
  }
  return prefer
}

/** `Range: 0-9` (items) → offset 0, limit 10. */
function parseRange(headers: Headers): { offset: number; limit?: number } | undefined {
  const match = /^(?:items=)?(\d+)-(\d*)$/.exec((headers.get('range') ?? '').trim())
  if (!match) return undefined
  const from = Number(match[1])
  return { offset: from, limit: match[2] ? Math.max(0, Number(match[2]) - from + 1) : undefined }
}

/** With `argumentsInQuery` (GET /rpc/fn) plain parameters are function arguments, not filters. */
export function parseRestRequest(
  req: Request,
  options: { argumentsInQuery?: boolean } = {},
): RestQuery {
  const url = new URL(req.url)
  const params = url.searchParams
  const filters: Filter[] = []
  const rest = new Map<string, string>()
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue
    const logic = /^(not\.)?(and|or)$/.exec(key)
    if (options.argumentsInQuery) {
      rest.set(key, value)
    } else if (logic) {
      filters.push(parseLogic(logic[2] as 'and' | 'or', Boolean(logic[1]), value))
    } else if (key.includes('.')) {
      throw parseError(
        `"failed to parse filter (${key})"`,
        'filters on embedded resources are not supported by the local backend',
      )
    } else {
      filters.push(parseOperation(key, value))
    }
  }
  const accept = req.headers.get('accept') ?? ''
  const range = parseRange(req.headers)
  const queryLimit = params.get('limit')
  const queryOffset = params.get('offset')
  let limit = queryLimit !== null ? nonNegativeInteger('limit', queryLimit) : undefined
  if (range?.limit !== undefined)
    limit = limit === undefined ? range.limit : Math.min(limit, range.limit)
  const columns = params.get('columns')
  const onConflict = params.get('on_conflict')
  return {
    select: parseSelect(params.get('select') ?? '*'),
    filters,
    order: params.get('order') ? parseOrder(params.get('order')!) : [],
    limit,
    offset: queryOffset !== null ? nonNegativeInteger('offset', queryOffset) : (range?.offset ?? 0),
    onConflict: onConflict ? onConflict.split(',').map((c) => c.trim()) : undefined,
    columns: columns ? (splitTopLevel(columns) ?? []).map((c) => unquote(c.trim())) : undefined,
    singleObject: accept.includes('application/vnd.pgrst.object+json'),
    stripNulls: accept.includes('nulls=stripped'),
    prefer: parsePrefer(req.headers),
    rest,
  }
}
