import type { Catalog, ForeignKey, TableInfo } from './catalog.ts'
import { columnRef } from './buildFilters.ts'
import type { Source } from './buildFilters.ts'
import type { SelectItem } from './parseSelect.ts'
import { RestError, parseError } from './restError.ts'
import { Params, isSafeTypeName, qualified, quoteIdent } from './sqlText.ts'

/** Hands out `_t1`, `_t2`, … for nested tables of one query. */
export class AliasCounter {
  private next = 1
  take(): string {
    return `_t${this.next++}`
  }
}

interface Relationship {
  key: ForeignKey
  /** true: the parent holds the foreign key (many-to-one → object); false: one-to-many → array. */
  toOne: boolean
  target: TableInfo
}

function findRelationship(
  catalog: Catalog,
  parent: TableInfo,
  relation: string,
  hint?: string,
): Relationship {
  const candidates: Relationship[] = []
  for (const key of catalog.foreignKeys) {
    const outgoing =
      key.fromSchema === parent.schema && key.fromTable === parent.name && key.toTable === relation
    const incoming =
      key.toSchema === parent.schema && key.toTable === parent.name && key.fromTable === relation
    const matchesHint = !hint || key.name === hint || key.fromColumns.includes(hint)
    if (!matchesHint) continue
    if (outgoing)
      candidates.push({ key, toOne: true, target: catalog.tableSync(key.toSchema, key.toTable)! })
    if (incoming)
      candidates.push({
        key,
        toOne: false,
        target: catalog.tableSync(key.fromSchema, key.fromTable)!,
      })
  }
  if (candidates.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${relation}' in the schema cache`,
      null,
      'Perhaps you meant a different table, or the foreign key is missing.',
    )
  }
  if (candidates.length > 1) {
    throw new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${relation}'`,
      null,
      `Try changing '${relation}' to one of: ${candidates.map((c) => `${relation}!${c.key.name}`).join(', ')}`,
    )
  }
  return candidates[0]!
}

function embedSql(
  item: Extract<SelectItem, { kind: 'embed' }>,
  parent: Source,
  catalog: Catalog,
  params: Params,
  aliases: AliasCounter,
  limit: number | undefined,
): { column: string; condition?: string } {
  const rel = findRelationship(catalog, parent.table, item.relation, item.hint)
  const child: Source = { table: rel.target, alias: aliases.take() }
  const [childCols, parentCols] = rel.toOne
    ? [rel.key.toColumns, rel.key.fromColumns]
    : [rel.key.fromColumns, rel.key.toColumns]
  const join = childCols.map(
    (c, i) => `${child.alias}.${quoteIdent(c)} = ${parent.alias}.${quoteIdent(parentCols[i]!)}`,
  )
  const select = selectList(item.items, child, catalog, params, aliases, limit)
  const where = [...join, ...select.conditions].join(' and ')
  const from = `${qualified(rel.target.schema, rel.target.name)} ${child.alias}`
  // A whole number from the backend's settings, never from the request.
  const cap = !rel.toOne && limit !== undefined ? ` limit ${Math.trunc(limit)}` : ''
  const inner = `select ${select.columns} from ${from} where ${where}${cap}`
  const name = quoteIdent(item.alias ?? item.relation)
  return {
    column: rel.toOne
      ? `(select row_to_json(_e) from (${inner}) _e) as ${name}`
      : `coalesce((select json_agg(_e) from (${inner}) _e), '[]'::json) as ${name}`,
    // `!inner`: an INNER JOIN LATERAL, so a parent with no (visible) related row is dropped
    // (src/PostgREST/Query/QueryBuilder.hs v12.2.12:92-107, getJoin: `INNER JOIN LATERAL ...`).
    condition: item.inner ? `exists (select 1 from ${from} where ${where})` : undefined,
  }
}

export interface SelectSql {
  columns: string
  /** What `!inner` embeds require of each row (an empty list: nothing). */
  conditions: string[]
}

/** The SELECT list for `items` over `source`, with embedded relations as JSON subqueries. */
export function selectList(
  items: SelectItem[],
  source: Source,
  catalog: Catalog,
  params: Params,
  aliases: AliasCounter,
  /** The most rows each embedded list holds; none when undefined (what a write returns). */
  embedLimit?: number,
): SelectSql {
  const columns: string[] = []
  const conditions: string[] = []
  for (const item of items) {
    if (item.kind === 'star') {
      columns.push(`${source.alias}.*`)
    } else if (item.kind === 'column') {
      let expression = columnRef(source, item.column, item.path, params)
      if (item.cast) {
        if (!isSafeTypeName(item.cast)) throw parseError(`invalid cast "${item.cast}"`)
        expression = `(${expression})::${item.cast}`
      }
      const name = item.alias ?? item.path.at(-1)?.key ?? item.column
      columns.push(`${expression} as ${quoteIdent(name)}`)
    } else {
      const embed = embedSql(item, source, catalog, params, aliases, embedLimit)
      columns.push(embed.column)
      if (embed.condition) conditions.push(embed.condition)
    }
  }
  return { columns: columns.join(', '), conditions }
}
