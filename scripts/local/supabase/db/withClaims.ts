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

type Setting = [name: string, value: string]

// PostgREST logs in as `authenticator`, whose own settings (statement_timeout,
// lock_timeout) hold for its session, and per request sets those of the JWT's role with
// set_config(…, true). It reads them once, when it loads its configuration, and keeps only
// settings a user may change (src/library/PostgREST/Config/Database.hs queryRoleSettings,
// Query/PreQuery.hs). The local connection is a superuser, so the authenticator's settings
// are applied per request too, before the role's.
const ROLE_SETTINGS_SQL = `
  select r.rolname as role, split_part(c, '=', 1) as name, substr(c, strpos(c, '=') + 1) as value
  from pg_roles r
  cross join lateral unnest(r.rolconfig) with ordinality as u(c, n)
  join pg_settings ps on ps.name = split_part(c, '=', 1) and ps.context = 'user'
  where r.rolname = any($1)
  order by r.rolname, u.n`

const roleSettingsCache = new WeakMap<Database, Promise<Map<string, Setting[]>>>()

function roleSettings(db: Database, tx: Queryable): Promise<Map<string, Setting[]>> {
  let cached = roleSettingsCache.get(db)
  if (!cached) {
    cached = tx
      .query<{ role: string; name: string; value: string }>(ROLE_SETTINGS_SQL, [
        ['authenticator', ...API_ROLES],
      ])
      .then(({ rows }) => {
        const byRole = new Map<string, Setting[]>()
        for (const row of rows) {
          byRole.set(row.role, [...(byRole.get(row.role) ?? []), [row.name, row.value]])
        }
        return byRole
      })
    cached.catch(() => roleSettingsCache.delete(db))
    roleSettingsCache.set(db, cached)
  }
  return cached
}

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
    const settings: Setting[] = []
    if (options.roleSettings) {
      const byRole = await roleSettings(db, tx)
      settings.push(...(byRole.get('authenticator') ?? []), ...(byRole.get(role) ?? []))
    }
    settings.push(...Object.entries(options.settings ?? {}))
    settings.push(['request.jwt.claims', JSON.stringify(claims)], ['role', role])
    // One round trip; set_config runs in the order written, so the role's settings win.
    const calls = settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`)
    await tx.query(`select ${calls.join(', ')}`, settings.flat())
    return work(tx)
  })
}
