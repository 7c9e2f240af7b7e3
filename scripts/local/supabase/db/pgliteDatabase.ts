import { mkdirSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import type { Database, Queryable, QueryResult } from './database.ts'

const SUPERUSER = 'supabase_admin'

// The cluster's superuser is supabase_admin, as on hosted Supabase, so that `postgres` can be
// the ordinary role our migrations run as (a cluster's first user is always a superuser).
// initdb only runs for a new data folder, or a new database in memory.
const CLUSTER: PGliteOptions = { username: SUPERUSER, initDbStartParams: ['-U', SUPERUSER] }

/**
 * Writes a freshly initialised, empty cluster to `file` (a tarball), for in-memory databases
 * to start from (`emptyCluster` below): initdb takes PGlite about four seconds here, and the
 * backend suite starts a database per test file.
 */
export async function writeEmptyPgliteCluster(file: string): Promise<void> {
  const db = new PGlite(CLUSTER)
  try {
    await db.waitReady
    await writeFile(file, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()))
  } finally {
    await db.close()
  }
}

/**
 * PGlite is one connection inside this process, so transactions must not interleave:
 * each one waits for the previous to finish (a promise chain used as a FIFO queue).
 */
export async function openPgliteDatabase(
  dataDir: string | undefined,
  /** In memory only: a tarball from writeEmptyPgliteCluster to start from instead of initdb. */
  emptyCluster?: string,
): Promise<Database> {
  // PGlite creates only the last path segment; make the parents (.folio-data/) first.
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const loadDataDir =
    emptyCluster && !dataDir ? new Blob([await readFile(emptyCluster)]) : undefined
  const db = new PGlite({ ...CLUSTER, dataDir, loadDataDir })
  try {
    await db.waitReady
  } catch (error) {
    if (dataDir && /role "supabase_admin" does not exist/.test((error as Error).message)) {
      throw new Error(
        `${dataDir} was created by an older local backend whose superuser was postgres. ` +
          'Start once with --reset (npm start -- --reset, or npm run backend -- --reset) to rebuild it; its data is lost.',
        { cause: error },
      )
    }
    throw error
  }
  let queue: Promise<unknown> = Promise.resolve()

  const connection: Queryable = {
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const result = await db.query<Row>(sql, params)
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 }
    },
    async exec(sql: string) {
      await db.exec(sql)
    },
  }

  async function run<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    await db.query('begin')
    try {
      const value = await work(connection)
      await db.query('commit')
      return value
    } catch (error) {
      await db.query('rollback')
      throw error
    }
  }

  return {
    engine: 'pglite',
    transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      const next = queue.then(() => run(work))
      // The queue must keep going whether this transaction succeeded or not.
      queue = next.catch(() => undefined)
      return next
    },
    async close() {
      await queue
      await db.close()
    },
  }
}
