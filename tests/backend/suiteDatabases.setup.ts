/**
 * The backend suite's global setup: a database for each worker, made once before the files
 * start, so the files run on both cores on either engine.
 *
 * - PGlite: one empty cluster is initialised here and every file's in-memory backend begins
 *   from a copy of it. initdb costs about four seconds a backend on this machine, more than
 *   most files' tests; migrations still run in each backend, from nothing, as they do on a new
 *   hosted project.
 * - PostgreSQL (DATABASE_URL): one database per worker on that server (folio_suite_1, …), each
 *   reset by the file that uses it. Roles are the cluster's and shared; bootstrap.sql lets
 *   concurrent bootstraps take turns.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { writeEmptyPgliteCluster } from '../../scripts/local/supabase/index.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The empty cluster's tarball; unset on PostgreSQL. */
    emptyPgliteCluster?: string
  }
}

/** The database of the worker this runs in (VITEST_POOL_ID is 1…maxWorkers). */
export function workerDatabaseUrl(serverUrl: string, poolId = process.env.VITEST_POOL_ID): string {
  const url = new URL(serverUrl)
  url.pathname = `/folio_suite_${poolId ?? 1}`
  return url.toString()
}

async function createWorkerDatabases(serverUrl: string, workers: number): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    for (let id = 1; id <= workers; id += 1) {
      const name = new URL(workerDatabaseUrl(serverUrl, String(id))).pathname.slice(1)
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.query(`create database ${name}`)
    }
  } finally {
    await admin.end()
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL
  if (serverUrl) {
    await createWorkerDatabases(serverUrl, project.config.maxWorkers)
    return async () => undefined
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'folio-backend-suite-'))
  const file = path.join(folder, 'empty-cluster.tar')
  await writeEmptyPgliteCluster(file)
  project.provide('emptyPgliteCluster', file)
  return () => rm(folder, { recursive: true, force: true })
}
