import type { Queryable } from './database.ts'
import { stripComments } from './splitStatements.ts'

/**
 * Hosted Supabase lets `postgres` manage policies, and drop triggers, on some tables it does
 * not own, through the supautils extension's `policy_grants` and `drop_trigger_grants`
 * (supabase/postgres ansible/files/postgresql_config/supautils.conf.j2). PGlite cannot load
 * supautils, so migrate.ts runs such a statement as the superuser, as supautils itself does
 * (it switches to its `privileged_extensions_superuser` for the command). Only the tables
 * the local backend has are listed.
 */
const GRANTED_TABLES = new Set([
  'auth.users',
  'auth.sessions',
  'auth.refresh_tokens',
  'realtime.messages',
  'storage.buckets',
  'storage.objects',
])

const IDENT = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`
const TABLE = String.raw`(${IDENT}(?:\s*\.\s*${IDENT})?)`
const POLICY = new RegExp(
  String.raw`^\s*(?:create|alter|drop)\s+policy\s+(?:if\s+exists\s+)?${IDENT}\s+on\s+${TABLE}`,
  'i',
)
const DROP_TRIGGER = new RegExp(
  String.raw`^\s*drop\s+trigger\s+(?:if\s+exists\s+)?${IDENT}\s+on\s+${TABLE}`,
  'i',
)

/** Whether supautils would let `postgres` run `statement` on hosted though it does not own the table. */
export async function supautilsAllows(tx: Queryable, statement: string): Promise<boolean> {
  const head = stripComments(statement)
  const table = (POLICY.exec(head) ?? DROP_TRIGGER.exec(head))?.[1]
  if (!table) return false
  const found = await tx.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.oid = to_regclass($1)`,
    [table],
  )
  const name = found.rows[0]?.name
  return name !== undefined && GRANTED_TABLES.has(name)
}
