import { parseError } from './restError.ts'
import { splitTopLevel, unquote } from './splitTopLevel.ts'

export interface JsonPathStep {
  arrow: '->' | '->>'
  key: string
}

export type Filter =
  | {
      kind: 'condition'
      column: string
      path: JsonPathStep[]
      negate: boolean
      operator: string
      /** any/all for eq(any), or a text search config for fts(english). */
      modifier?: string
      value: string
    }
  | { kind: 'logic'; operator: 'and' | 'or'; negate: boolean; children: Filter[] }

export const OPERATORS = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
])

/**
 * The operators that take a quantifier, `eq(any)`; any other operator with one is a parse
 * error, 400 PGRST100 (src/PostgREST/ApiRequest/QueryParams.hs v12.2.12:196-206, quantOperator).
 */
const QUANTIFIABLE = new Set(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'])
/** Full-text search operators: their modifier is a text search configuration, `fts(english)`. */
const TEXT_SEARCH = new Set(['fts', 'plfts', 'phfts', 'wfts'])

/** `col->a->>b` → column `col` and the path steps. */
export function parseColumnPath(field: string): { column: string; path: JsonPathStep[] } {
  const pieces = field.split(/(->>|->)/)
  const column = pieces[0] ?? ''
  const path: JsonPathStep[] = []
  for (let i = 1; i < pieces.length; i += 2) {
    const key = pieces[i + 1] ?? ''
    if (!key) throw parseError(`"failed to parse json path" (${field})`)
    path.push({ arrow: pieces[i] as '->' | '->>', key })
  }
  if (!column) throw parseError(`"failed to parse filter" (${field})`)
  return { column, path }
}

/** The right-hand side of `col=not.eq(any).value`. */
export function parseOperation(column: string, expression: string): Filter {
  const match = /^(not\.)?([a-z]+)(?:\(([a-z_]+)\))?\.([\s\S]*)$/.exec(expression)
  if (!match || !OPERATORS.has(match[2]!)) {
    throw parseError(
      `"failed to parse filter (${expression})" (line 1, column 1)`,
      `unexpected "${expression}" expecting an operator`,
    )
  }
  const { column: name, path } = parseColumnPath(column)
  const [, negate, operator, modifier, value] = match
  const quantified = modifier === 'any' || modifier === 'all'
  if (
    modifier !== undefined &&
    !(quantified ? QUANTIFIABLE.has(operator!) : TEXT_SEARCH.has(operator!))
  ) {
    throw parseError(
      `"failed to parse filter (${expression})" (line 1, column 1)`,
      `unexpected "(" expecting "."`,
    )
  }
  return {
    kind: 'condition',
    column: name,
    path,
    negate: Boolean(negate),
    operator: operator!,
    modifier,
    value: value!,
  }
}

/** `(a.eq.1,or(b.gt.2,c.is.null))` as written in `or=` / `and=` parameters. */
export function parseLogic(operator: 'and' | 'or', negate: boolean, text: string): Filter {
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${text})" (line 1, column 1)`, 'expecting "("')
  }
  const items = splitTopLevel(text.slice(1, -1))
  if (!items || items.some((item) => item.trim() === '')) {
    throw parseError(`"failed to parse logic tree (${text})" (line 1, column 1)`)
  }
  const children = items.map((item): Filter => {
    const nested = /^(not\.)?(and|or)(\([\s\S]*\))$/.exec(item)
    if (nested) return parseLogic(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3]!)
    const dot = item.indexOf('.')
    if (dot <= 0) throw parseError(`"failed to parse logic tree (${text})" (line 1, column 1)`)
    const condition = parseOperation(item.slice(0, dot), item.slice(dot + 1))
    // Inside logic trees values may be quoted to protect commas and parentheses.
    if (condition.kind === 'condition' && condition.operator !== 'in')
      condition.value = unquote(condition.value)
    return condition
  })
  return { kind: 'logic', operator, negate, children }
}
