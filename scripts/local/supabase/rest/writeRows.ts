import type { Queryable } from '../db/database.ts'
import { isRecord } from '../http/respond.ts'
import type { Catalog, TableInfo } from './catalog.ts'
import { whereClause } from './buildFilters.ts'
import type { RestQuery } from './parseRequest.ts'
import { projectRows } from './readRows.ts'
import type { Rows } from './readRows.ts'
import { RestError } from './restError.ts'
import { Params, qualified, quoteIdent } from './sqlText.ts'

function invalidBody(message: string): RestError {
  return new RestError(400, 'PGRST102', message)
}

function checkColumns(table: TableInfo, columns: string[]): void {
  for (const column of columns) {
    if (!table.columns.has(column)) {
      throw new RestError(
        400,
        'PGRST204',
        `Could not find the '${column}' column of '${table.name}' in the schema cache`,
      )
    }
  }
}

/** Runs a data-modifying statement, returning either the projected rows or just the count. */
async function run(
  tx: Queryable,
  catalog: Catalog,
  table: TableInfo,
  query: RestQuery,
  statement: (params: Params, returning: string) => string,
): Promise<Rows> {
  const params = new Params()
  if (query.prefer.return !== 'representation') {
    // No RETURNING: inserting into a table the caller may not read (contact messages)
    // must succeed, as with PostgREST's return=minimal.
    const result = await tx.query(statement(params, ''), params.values)
    return { body: '', count: result.affectedRows }
  }
  const mutation = statement(params, ' returning *')
  const sql = `with _m as (${mutation}) ${projectRows('_m', table, query, catalog, params, { filter: false, page: false })}`
  const result = await tx.query<Rows>(sql, params.values)
  return result.rows[0] ?? { body: '[]', count: 0 }
}

function merge(results: Rows[]): Rows {
  if (results.length === 1) return results[0]!
  const bodies = results.filter((r) => r.body !== '').map((r) => JSON.parse(r.body) as unknown[])
  return {
    body: results.some((r) => r.body !== '') ? JSON.stringify(bodies.flat()) : '',
    count: results.reduce((n, r) => n + r.count, 0),
  }
}

/** What a write that touches no row answers: an empty array when the rows were asked for. */
function noRows(query: RestQuery): Rows {
  return { body: query.prefer.return === 'representation' ? '[]' : '', count: 0 }
}

/** POST: insert (or upsert with Prefer: resolution=…) one object or an array of objects. */
export async function insertRows(
  tx: Queryable,
  catalog: Catalog,
  table: TableInfo,
  query: RestQuery,
  body: unknown,
): Promise<Rows> {
  const rows = Array.isArray(body) ? body : [body]
  if (!rows.every(isRecord)) throw invalidBody('Empty or invalid json')
  const records = rows as Record<string, unknown>[]
  if (records.length === 0) return noRows(query)
  const columns = query.columns ?? Object.keys(records[0]!)
  if (
    !query.columns &&
    records.some((r) => Object.keys(r).sort().join() !== [...columns].sort().join())
  ) {
    throw invalidBody('All object keys must match')
  }
  checkColumns(table, columns)

  const conflictTarget = query.onConflict ?? table.primaryKey
  if (query.prefer.resolution) checkColumns(table, conflictTarget)

  // missing=default: rows that omit a column get its DEFAULT, so rows are inserted in
  // groups sharing the same keys; otherwise an omitted key is NULL (PostgREST's rule).
  const groups = new Map<string, { columns: string[]; records: Record<string, unknown>[] }>()
  for (const record of records) {
    const present = query.prefer.missingDefault ? columns.filter((c) => c in record) : columns
    const key = present.join('\u0000')
    const group = groups.get(key) ?? { columns: present, records: [] }
    group.records.push(record)
    groups.set(key, group)
  }

  const target = qualified(table.schema, table.name)
  const results: Rows[] = []
  for (const group of groups.values()) {
    const cols = group.columns.map(quoteIdent).join(', ')
    let conflict = ''
    if (
      query.prefer.resolution === 'ignore-duplicates' ||
      (query.prefer.resolution && group.columns.length === 0)
    ) {
      conflict = ` on conflict (${conflictTarget.map(quoteIdent).join(', ')}) do nothing`
    } else if (query.prefer.resolution === 'merge-duplicates') {
      const updates = group.columns
        .map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`)
        .join(', ')
      conflict = ` on conflict (${conflictTarget.map(quoteIdent).join(', ')}) do update set ${updates}`
    }
    if (group.columns.length === 0) {
      for (let i = 0; i < group.records.length; i++) {
        results.push(
          await run(
            tx,
            catalog,
            table,
            query,
            (_p, returning) => `insert into ${target} default values${conflict}${returning}`,
          ),
        )
      }
      continue
    }
    results.push(
      await run(tx, catalog, table, query, (params, returning) => {
        const data = params.add(JSON.stringify(group.records))
        return `insert into ${target} (${cols})
                select ${cols} from json_populate_recordset(null::${target}, ${data}::json)${conflict}${returning}`
      }),
    )
  }
  return merge(results)
}

/** Supabase runs PostgREST with pg-safeupdate: UPDATE and DELETE need a filter. */
function requireFilter(query: RestQuery, verb: 'UPDATE' | 'DELETE'): void {
  if (query.filters.length === 0)
    throw new RestError(400, '21000', `${verb} requires a WHERE clause`)
}

/** PATCH: the body's columns set on every row the filters (and RLS) let through. */
export async function updateRows(
  tx: Queryable,
  catalog: Catalog,
  table: TableInfo,
  query: RestQuery,
  body: unknown,
): Promise<Rows> {
  if (!isRecord(body)) throw invalidBody('Empty or invalid json')
  requireFilter(query, 'UPDATE')
  const columns = Object.keys(body)
  checkColumns(table, columns)
  if (columns.length === 0) return noRows(query)
  const target = qualified(table.schema, table.name)
  return run(tx, catalog, table, query, (params, returning) => {
    const data = params.add(JSON.stringify(body))
    const sets = columns.map((c) => `${quoteIdent(c)} = _j.${quoteIdent(c)}`).join(', ')
    const where = whereClause(query.filters, { table, alias: '_t0' }, params)
    return `update ${target} _t0 set ${sets} from json_populate_record(null::${target}, ${data}::json) _j${where}${returning ? ' returning _t0.*' : ''}`
  })
}

export async function deleteRows(
  tx: Queryable,
  catalog: Catalog,
  table: TableInfo,
  query: RestQuery,
): Promise<Rows> {
  requireFilter(query, 'DELETE')
  const target = qualified(table.schema, table.name)
  return run(tx, catalog, table, query, (params, returning) => {
    const where = whereClause(query.filters, { table, alias: '_t0' }, params)
    return `delete from ${target} _t0${where}${returning ? ' returning _t0.*' : ''}`
  })
}
