import type { Database } from './database.ts'

/**
 * The database as a server that logs in as `role` sees it: every transaction starts with
 * `set local role`. On hosted, GoTrue connects as supabase_auth_admin, which owns the auth
 * tables and nothing in public, so a trigger on auth.users that writes elsewhere without
 * `security definer` fails at sign-up ("Database error saving new user"); running the
 * local auth server the same way makes it fail here too.
 */
export function connectedAs(db: Database, role: string): Database {
  const quoted = `"${role.replace(/"/g, '""')}"`
  return {
    engine: db.engine,
    transaction: (work) =>
      db.transaction(async (tx) => {
        await tx.exec(`set local role ${quoted}`)
        return work(tx)
      }),
    close: () => db.close(),
  }
}
