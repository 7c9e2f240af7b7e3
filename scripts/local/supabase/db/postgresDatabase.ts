import pg from 'pg'
import type { Database, Queryable, QueryResult } from './database.ts'

/** A PostgreSQL server (DATABASE_URL): a pool, one client per transaction. */
export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 })
  // Fail at start-up with the server's own message rather than on the first request.
  const probe = await pool.connect()
  probe.release()

  return {
    engine: 'postgres',
    async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      const tx: Queryable = {
        async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
          const result = await client.query(sql, params)
          return { rows: result.rows as Row[], affectedRows: result.rowCount ?? 0 }
        },
        async exec(sql: string) {
          await client.query(sql)
        },
      }
      try {
        await client.query('begin')
        const value = await work(tx)
        await client.query('commit')
        return value
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    async close() {
      await pool.end()
    },
  }
}
