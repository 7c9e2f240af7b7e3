import type { JsonPathStep } from './parseFilters.ts'
import { parseColumnPath } from './parseFilters.ts'
import { RestError, parseError } from './restError.ts'
import { splitTopLevel } from './splitTopLevel.ts'

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; column: string; path: JsonPathStep[]; alias?: string; cast?: string }
  | {
      kind: 'embed'
      relation: string
      hint?: string
      inner: boolean
      alias?: string
      items: SelectItem[]
    }

const NAME = '[A-Za-z_][A-Za-z0-9_$]*'
const EMBED = new RegExp(
  `^(?:(${NAME}):)?(${NAME})(?:!(${NAME}))?(?:!(inner|left))?\\(([\\s\\S]*)\\)$`,
)
const COLUMN = new RegExp(`^(?:(${NAME}):)?(${NAME}(?:->>?[A-Za-z0-9_$-]+)*)(?:::(${NAME}))?$`)
const COUNT = new RegExp(`^(?:(${NAME}):)?count\\(\\)$`)

/** PostgREST's `select=` grammar (columns, aliases, casts, JSON paths, embedding). */
export function parseSelect(text: string): SelectItem[] {
  if (text === '' || text === '*') return [{ kind: 'star' }]
  const parts = splitTopLevel(text)
  if (!parts)
    throw parseError(
      `"failed to parse select parameter (${text})" (line 1, column 1)`,
      'unbalanced parentheses',
    )
  return parts.map((raw) => {
    const part = raw.trim()
    if (part === '*') return { kind: 'star' }
    const count = COUNT.exec(part)
    // Aggregates are off on hosted (db-aggregates-enabled defaults to false, src/PostgREST/
    // Config.hs:243; Supabase leaves it so): Plan.hs v12.2.12:726 validateAggFunctions.
    if (count) throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed')
    const embed = EMBED.exec(part)
    if (embed) {
      const [, alias, relation, given, join, inner] = embed
      // `rel!inner(...)`: a join type, not a foreign-key hint (PostgREST's pEmbedParams).
      const joinOnly = join === undefined && (given === 'inner' || given === 'left')
      const hint = joinOnly ? undefined : given
      return {
        kind: 'embed',
        relation: relation!,
        hint,
        inner: (joinOnly ? given : join) === 'inner',
        alias,
        items: parseSelect(inner ?? ''),
      }
    }
    const column = COLUMN.exec(part)
    if (column) {
      const { column: name, path } = parseColumnPath(column[2]!)
      return { kind: 'column', column: name, path, alias: column[1], cast: column[3] }
    }
    throw parseError(
      `"failed to parse select parameter (${text})" (line 1, column 1)`,
      `unexpected "${part}"`,
    )
  })
}
