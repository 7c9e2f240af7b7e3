/**
 * Who may receive on, and send to, a private channel: decided by Postgres, by the policies of
 * `realtime.messages`, exactly as hosted Realtime asks them. See supabase/realtime,
 * lib/realtime/tenants/authorization.ex:
 *
 * - reading (get_read_policies_for_connection/4): one probe row per extension is inserted
 *   with the channel's topic (as the connection's own role, before any claims are set), then
 *   the claims are set (set_conn_config/2: `role`, `realtime.topic`, `request.jwt.claims`,
 *   `request.jwt.claim.sub`, `request.jwt.claim.role`, `request.headers`) and the probes are
 *   selected back; an extension may be read if its probe comes back;
 * - writing (get_write_policies_for_connection/4): with the claims set, a row per extension is
 *   inserted in a savepoint; `insufficient_privilege` means it may not be written.
 *
 * Rows carry only the topic and extension (lib/realtime/tenants/repo.ex inserts a changeset's
 * changes; `private` keeps its default, false). Both end in a rollback, so nothing stays in the
 * table. Any other error is the caller's to
 * treat as a refusal (hosted: :rls_policy_error and friends, none of which admit).
 */
import { randomUUID } from 'node:crypto'
import { isPgError } from '../db/database.ts'
import type { Database, Queryable } from '../db/database.ts'
import type { JwtClaims } from '../keys.ts'

export type Extension = 'broadcast' | 'presence'

/** What a channel may do, per extension; undefined: not asked yet (as hosted's nil). */
export type ChannelPolicies = Record<Extension, { read?: boolean; write?: boolean }>

export const noPolicies = (): ChannelPolicies => ({ broadcast: {}, presence: {} })

export interface AuthorizationContext {
  /** The channel's topic without `realtime:`, as `realtime.topic()` returns it. */
  topic: string
  claims: JwtClaims
}

// Only the API roles: any other role in a token is refused (hosted would set it, and fail
// for one that does not exist; the JWT secret is needed to name one that does).
const API_ROLES = new Set(['anon', 'authenticated', 'service_role'])

async function setClaims(tx: Queryable, { topic, claims }: AuthorizationContext): Promise<void> {
  if (!API_ROLES.has(claims.role)) throw new Error(`role "${claims.role}" is not an API role`)
  await tx.query(
    `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
            set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
            set_config('request.jwt.claim.role', $1, true), set_config('request.headers', '{}', true)`,
    [claims.role, topic, JSON.stringify(claims), claims.sub ?? ''],
  )
}

/** Runs `work` in a savepoint that is rolled back whatever happens: the check leaves nothing. */
function rolledBack<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('savepoint realtime_authorization')
    const result = await work(tx)
    await tx.query('rollback to savepoint realtime_authorization')
    return result
  })
}

/** Which of `extensions` the context may read on its topic. */
export function readPolicies(
  db: Database,
  context: AuthorizationContext,
  extensions: Extension[],
): Promise<Partial<Record<Extension, boolean>>> {
  return rolledBack(db, async (tx) => {
    const probes = extensions.map((extension) => ({ extension, id: randomUUID() }))
    for (const { extension, id } of probes)
      await tx.query(`insert into realtime.messages (id, topic, extension) values ($1, $2, $3)`, [
        id,
        context.topic,
        extension,
      ])
    await setClaims(tx, context)
    const seen = await tx.query<{ id: string }>(
      `select id::text as id from realtime.messages where id = any($1::uuid[])`,
      [probes.map((p) => p.id)],
    )
    const ids = new Set(seen.rows.map((row) => row.id))
    return Object.fromEntries(probes.map(({ extension, id }) => [extension, ids.has(id)]))
  })
}

/** Which of `extensions` the context may write (send) on its topic. */
export function writePolicies(
  db: Database,
  context: AuthorizationContext,
  extensions: Extension[],
): Promise<Partial<Record<Extension, boolean>>> {
  return rolledBack(db, async (tx) => {
    await setClaims(tx, context)
    const allowed: Partial<Record<Extension, boolean>> = {}
    for (const extension of extensions) {
      await tx.query('savepoint realtime_write')
      try {
        await tx.query(`insert into realtime.messages (topic, extension) values ($1, $2)`, [
          context.topic,
          extension,
        ])
        allowed[extension] = true
      } catch (error) {
        if (!isPgError(error) || error.code !== '42501') throw error
        allowed[extension] = false
      }
      await tx.query('rollback to savepoint realtime_write')
    }
    return allowed
  })
}
