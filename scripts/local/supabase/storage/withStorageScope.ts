import type { Database, Queryable } from '../db/database.ts'
import { withClaims } from '../db/withClaims.ts'
import type { JwtClaims } from '../keys.ts'

/**
 * A Storage API transaction: the caller's role and claims, as for the Data API, plus the
 * setting that lets storage.protect_delete() allow deletes. The real server sets it in
 * every scoped transaction (supabase/storage src/internal/database/postgres/scope.ts), so
 * rows leave storage.objects only through it, together with their files.
 */
export function withStorageScope<T>(
  db: Database,
  claims: JwtClaims,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return withClaims(db, claims, work, { settings: { 'storage.allow_delete_query': 'true' } })
}
