import type { Database } from './database.ts'
import { openPgliteDatabase } from './pgliteDatabase.ts'
import { openPostgresDatabase } from './postgresDatabase.ts'

export interface DatabaseOptions {
  /** PostgreSQL server to use instead of PGlite. */
  databaseUrl?: string
  /** PGlite data directory; ignored with `memory` or `databaseUrl`. */
  dataDir: string
  memory: boolean
  /** With `memory`: an initialised empty PGlite cluster to start from (writeEmptyPgliteCluster). */
  emptyCluster?: string
  /** Start from an empty database (PGlite: the caller wipes the data folder). */
  reset: boolean
}

// Everything our bootstrap and migrations create, dropped by --reset on a server
// (roles are cluster-wide and harmless to keep).
const RESET_SQL = `
  drop schema if exists public cascade;
  drop schema if exists private cascade;
  drop schema if exists storage cascade;
  drop schema if exists auth cascade;
  drop schema if exists _local_realtime cascade;
  drop schema if exists supabase_migrations cascade;
  drop publication if exists supabase_realtime;
  create schema public;
`

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const db = await openPostgresDatabase(options.databaseUrl)
    if (options.reset) await db.transaction((tx) => tx.exec(RESET_SQL))
    return db
  }
  if (options.memory) return openPgliteDatabase(undefined, options.emptyCluster)
  return openPgliteDatabase(options.dataDir)
}
