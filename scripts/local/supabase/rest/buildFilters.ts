import type { TableInfo } from './catalog.ts'
import type { Filter, JsonPathStep } from './parseFilters.ts'
import { RestError, parseError } from './restError.ts'
import { Params, quoteIdent } from './sqlText.ts'
import { splitTopLevel, unquote } from './splitTopLevel.ts'

export interface Source {
  table: TableInfo
  /** SQL alias of the table in the current query (`_t0`, `_t1`, …). */
  alias: string
}

export function unknownColumn(table: TableInfo, column: string): RestError {
  return new RestError(400, '42703', `column ${table.name}.${column} does not exist`)
}

/** `_t0."data"->$1::text` — the column must exist; JSON keys are parameters. */
export function columnRef(
  source: Source,
  column: string,
  path: JsonPathStep[],
  params: Params,
): string {
  if (!source.table.columns.has(column)) throw unknownColumn(source.table, column)
  let sql = `${source.alias}.${quoteIdent(column)}`
  for (const step of path) {
    sql += /^-?\d+$/.test(step.key)
      ? `${step.arrow}${Number(step.key)}`
      : `${step.arrow}${params.add(step.key)}::text`
  }
  return sql
}

const COMPARISON: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
}

const TEXT_SEARCH: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
}

const IS_VALUES: Record<string, string> = {
  null: 'null',
  not_null: 'not null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
}

function listValues(value: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError(`"failed to parse filter (in.${value})" (line 1, column 4)`, 'expecting "("')
  }
  const inner = value.slice(1, -1)
  if (inner === '') return []
  const items = splitTopLevel(inner)
  if (!items) throw parseError(`"failed to parse filter (in.${value})" (line 1, column 4)`)
  return items.map(unquote)
}

function condition(
  filter: Extract<Filter, { kind: 'condition' }>,
  source: Source,
  params: Params,
): string {
  const column = columnRef(source, filter.column, filter.path, params)
  const { operator, modifier, value } = filter
  const pattern = (v: string) =>
    operator === 'like' || operator === 'ilike' ? v.replace(/\*/g, '%') : v
  if (operator === 'is') {
    const keyword = IS_VALUES[value.toLowerCase()]
    if (!keyword)
      throw parseError(
        `"failed to parse filter (is.${value})" (line 1, column 4)`,
        'expecting null, not_null, true, false or unknown',
      )
    return `${column} is ${keyword}`
  }
  if (operator === 'isdistinct') return `${column} is distinct from ${params.add(value)}`
  if (operator === 'in') {
    const values = listValues(value)
    return values.length === 0
      ? 'false'
      : `${column} in (${values.map((v) => params.add(v)).join(', ')})`
  }
  const search = TEXT_SEARCH[operator]
  if (search) {
    const config = modifier ? `${params.add(modifier)}::regconfig, ` : ''
    return `${column} @@ ${search}(${config}${params.add(value)})`
  }
  const sqlOperator = COMPARISON[operator]
  if (!sqlOperator) throw parseError(`unknown operator "${operator}"`)
  if (modifier === 'any' || modifier === 'all') {
    // PostgREST's eq(any).{a,b}: the braces list becomes an array parameter.
    const items =
      value.startsWith('{') && value.endsWith('}')
        ? (splitTopLevel(value.slice(1, -1)) ?? []).map(unquote)
        : [value]
    const placeholders = items.map((v) => params.add(pattern(v)))
    return `${column} ${sqlOperator} ${modifier} (array[${placeholders.join(', ')}])`
  }
  if (modifier)
    throw parseError(`"failed to parse filter (${operator}(${modifier}))"`, 'unknown modifier')
  return `${column} ${sqlOperator} ${params.add(pattern(value))}`
}

/** The SQL boolean for one filter (condition or and/or tree). */
export function filterSql(filter: Filter, source: Source, params: Params): string {
  const sql =
    filter.kind === 'condition'
      ? condition(filter, source, params)
      : `(${filter.children.map((child) => filterSql(child, source, params)).join(filter.operator === 'and' ? ' and ' : ' or ') || 'true'})`
  return filter.negate ? `not (${sql})` : sql
}

export function whereClause(filters: Filter[], source: Source, params: Params): string {
  if (filters.length === 0) return ''
  return ` where ${filters.map((f) => filterSql(f, source, params)).join(' and ')}`
}
