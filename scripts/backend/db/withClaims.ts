import type { JwtClaims } from '../keys.ts'
import type { Database, Queryable } from './database.ts'

const API_ROLES = new Set(['anon', 'authenticated', 'service_role'])

export class UnknownRoleError extends Error {
  constructor(role: string) {
    super(`role "${role}" does not exist`)
  }
}

export interface ClaimsOptions {
  /**
   * Apply the role settings PostgREST applies (statement and lock timeouts); the storage
   * and realtime servers set roles without them.
   */
  roleSettings?: boolean
  /** Further transaction-local settings, such as the Storage API's own. */
  settings?: Record<string, string>
}

// PostgREST logs in as `authenticator`, whose own settings (statement_timeout,
// lock_timeout) hold for the session, then per request sets those of the JWT's role with
// set_config(…, true) (src/library/PostgREST/Config/Database.hs queryRoleSettings and
// Query/PreQuery.hs). Only settings a user may change (context 'user') are applied, as there.
// The local connection is a superuser, so the authenticator's are applied first, here.
const APPLY_ROLE_SETTINGS = `
  select count(set_config(s.name, s.value, true))
  from (
    select split_part(c, '=', 1) as name, substr(c, strpos(c, '=') + 1) as value
    from pg_roles r
    cross join lateral unnest(r.rolconfig) with ordinality as u(c, n)
    join pg_settings ps on ps.name = split_part(c, '=', 1) and ps.context = 'user'
    where r.rolname in ('authenticator', $1)
    order by r.rolname = $1, u.n
  ) s`

/**
 * Runs `work` exactly as PostgREST runs a request: in a transaction, as the JWT's role,
 * with the claims in `request.jwt.claims`, so row-level security is decided by Postgres.
 * Every setting is transaction-local and vanishes at COMMIT/ROLLBACK.
 */
export function withClaims<T>(
  db: Database,
  claims: JwtClaims,
  work: (tx: Queryable) => Promise<T>,
  options: ClaimsOptions = {},
): Promise<T> {
  const role = claims.role
  // The role is an identifier, not a parameter: allow only the three API roles.
  if (!API_ROLES.has(role)) return Promise.reject(new UnknownRoleError(role))
  return db.transaction(async (tx) => {
    if (options.roleSettings) await tx.query(APPLY_ROLE_SETTINGS, [role])
    for (const [name, value] of Object.entries(options.settings ?? {})) {
      await tx.query(`select set_config($1, $2, true)`, [name, value])
    }
    await tx.query(
      `select set_config('request.jwt.claims', $1, true), set_config('role', $2, true)`,
      [JSON.stringify(claims), role],
    )
    return work(tx)
  })
}
