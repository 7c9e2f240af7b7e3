import type { Queryable } from '../db/database.ts'
import type { Catalog, TableInfo } from './catalog.ts'
import { columnRef, whereClause } from './buildFilters.ts'
import type { Source } from './buildFilters.ts'
import { AliasCounter, selectList } from './buildSelect.ts'
import type { RestQuery } from './parseRequest.ts'
import { Params, qualified } from './sqlText.ts'

export interface Rows {
  /** JSON array text, exactly as Postgres rendered it. */
  body: string
  count: number
}

export function orderClause(query: RestQuery, source: Source, params: Params): string {
  if (query.order.length === 0) return ''
  const terms = query.order.map((term) => {
    const nulls = term.nulls ? ` nulls ${term.nulls}` : ''
    return `${columnRef(source, term.column, term.path, params)} ${term.direction}${nulls}`
  })
  return ` order by ${terms.join(', ')}`
}

/**
 * Renders rows of `from` (a table, or `_m` — the CTE of a data-modifying statement) as
 * PostgREST does: the select list applied per row, aggregated to one JSON array.
 */
export function projectRows(
  from: string,
  table: TableInfo,
  query: RestQuery,
  catalog: Catalog,
  params: Params,
  options: { filter: boolean; page: boolean; embedLimit?: number },
): string {
  const source: Source = { table, alias: '_t0' }
  const select = selectList(
    query.select,
    source,
    catalog,
    params,
    new AliasCounter(),
    options.embedLimit,
  )
  const filtered = options.filter ? whereClause(query.filters, source, params) : ''
  const inner = select.conditions
  const where =
    inner.length === 0
      ? filtered
      : `${filtered ? `${filtered} and` : ' where'} ${inner.join(' and ')}`
  const order = orderClause(query, source, params)
  // limit/offset were parsed as non-negative integers, so inlining them is safe.
  const limit = options.page && query.limit !== undefined ? ` limit ${query.limit}` : ''
  const offset = options.page && query.offset > 0 ? ` offset ${query.offset}` : ''
  const aggregate = query.stripNulls
    ? `json_strip_nulls(coalesce(json_agg(_r), '[]'))`
    : `coalesce(json_agg(_r), '[]')`
  return `select ${aggregate}::text as body, count(*)::int as count
          from (select ${select.columns} from ${from} _t0${where}${order}${limit}${offset}) _r`
}

export async function readRows(
  tx: Queryable,
  catalog: Catalog,
  table: TableInfo,
  query: RestQuery,
  /** The most rows each embedded list holds (the Data API's max rows). */
  embedLimit?: number,
): Promise<Rows> {
  const params = new Params()
  const sql = projectRows(qualified(table.schema, table.name), table, query, catalog, params, {
    filter: true,
    page: true,
    embedLimit,
  })
  const result = await tx.query<Rows>(sql, params.values)
  return result.rows[0] ?? { body: '[]', count: 0 }
}

export async function countRows(
  tx: Queryable,
  catalog: Catalog,
  table: TableInfo,
  query: RestQuery,
): Promise<number> {
  const params = new Params()
  const source: Source = { table, alias: '_t0' }
  // `!inner` embeds drop rows, so they count (only their conditions are kept).
  const inner = selectList(query.select, source, catalog, params, new AliasCounter()).conditions
  const filters = whereClause(query.filters, source, params)
  const where =
    inner.length === 0 ? filters : `${filters ? `${filters} and` : ' where'} ${inner.join(' and ')}`
  const result = await tx.query<{ total: number }>(
    `select count(*)::int as total from ${qualified(table.schema, table.name)} _t0${where}`,
    params.values,
  )
  return result.rows[0]?.total ?? 0
}
