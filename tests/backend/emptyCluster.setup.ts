/**
 * The backend suite's global setup: on PGlite, initialise one empty cluster before the files
 * start, and let every file's in-memory backend begin from a copy of it. initdb costs about
 * four seconds a backend on this machine, more than most files' tests; migrations still run
 * in each backend, from nothing, as they do on a new hosted project.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { writeEmptyPgliteCluster } from '../../scripts/local/supabase/index.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The empty cluster's tarball; unset on PostgreSQL (DATABASE_URL). */
    emptyPgliteCluster?: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) return async () => undefined
  const folder = await mkdtemp(path.join(tmpdir(), 'folio-backend-suite-'))
  const file = path.join(folder, 'empty-cluster.tar')
  await writeEmptyPgliteCluster(file)
  project.provide('emptyPgliteCluster', file)
  return () => rm(folder, { recursive: true, force: true })
}
