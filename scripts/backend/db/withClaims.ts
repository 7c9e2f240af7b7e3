import type { JwtClaims } from '../keys.ts'
import type { Database, Queryable } from './database.ts'

const API_ROLES = new Set(['anon', 'authenticated', 'service_role'])

export class UnknownRoleError extends Error {
  constructor(role: string) {
    super(`role "${role}" does not exist`)
  }
}

/**
 * Runs `work` exactly as PostgREST runs a request: in a transaction, as the JWT's role,
 * with the claims in `request.jwt.claims`, so row-level security is decided by Postgres.
 * Both settings are transaction-local and vanish at COMMIT/ROLLBACK.
 */
export function withClaims<T>(
  db: Database,
  claims: JwtClaims,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const role = claims.role
  // The role is an identifier, not a parameter: allow only the three API roles.
  if (!API_ROLES.has(role)) return Promise.reject(new UnknownRoleError(role))
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('request.jwt.claims', $1, true), set_config('role', $2, true)`,
      [JSON.stringify(claims), role],
    )
    return work(tx)
  })
}
