/** The one interface the backend needs from a Postgres engine (PGlite or a server). */

export interface QueryResult<Row> {
  rows: Row[]
  /** Rows touched by INSERT/UPDATE/DELETE; 0 for statements that report nothing. */
  affectedRows: number
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface Database {
  readonly engine: 'pglite' | 'postgres'
  /** BEGIN … COMMIT around `work`; ROLLBACK if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** A Postgres error as both drivers report it (pg's DatabaseError, PGlite's DatabaseError). */
export interface PgError {
  code: string
  message: string
  detail?: string
  hint?: string
}

export function isPgError(error: unknown): error is PgError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
  )
}

/**
 * Runs `sql` (a SELECT or a DML statement with RETURNING) and returns its rows as plain
 * JSON. Going through json_agg makes both engines return the same shapes (timestamps as
 * ISO strings, bigints as numbers) instead of each driver's own type parsing.
 */
export async function jsonRows<Row>(
  tx: Queryable,
  sql: string,
  params: unknown[] = [],
): Promise<Row[]> {
  const result = await tx.query<{ j: string }>(
    `with _q as (${sql}) select coalesce(json_agg(_q), '[]')::text as j from _q`,
    params,
  )
  return JSON.parse(result.rows[0]?.j ?? '[]') as Row[]
}

export async function jsonRow<Row>(
  tx: Queryable,
  sql: string,
  params: unknown[] = [],
): Promise<Row | undefined> {
  return (await jsonRows<Row>(tx, sql, params))[0]
}
