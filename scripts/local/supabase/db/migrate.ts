import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isPgError } from './database.ts'
import type { Database, Queryable } from './database.ts'
import { splitStatements } from './splitStatements.ts'
import { supautilsAllows } from './supautilsGrants.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

export interface MigrateOptions {
  migrationsDir: string
  seedFile: string
}

export interface MigrateReport {
  applied: string[]
  seeded: boolean
}

/**
 * Brings the database to the current schema: the local Supabase stand-in (bootstrap, as
 * the superuser), every migration not yet recorded (same table the Supabase CLI uses) and
 * the seed on a fresh database, both as `postgres` as on hosted, then realtime capture
 * triggers for the published tables.
 */
export async function migrate(db: Database, options: MigrateOptions): Promise<MigrateReport> {
  const bootstrap = await readFile(path.join(here, 'bootstrap.sql'), 'utf8')
  const fresh = await db.transaction(async (tx) => {
    const existing = await tx.query<{ present: boolean }>(
      `select to_regclass('supabase_migrations.schema_migrations') is not null as present`,
    )
    await tx.exec(bootstrap)
    await tx.exec(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text primary key, statements text[], name text
      );
    `)
    return !existing.rows[0]?.present
  })

  const files = (await readdir(options.migrationsDir)).filter((f) => f.endsWith('.sql')).sort()
  const applied: string[] = []
  for (const file of files) {
    const [version = file, ...nameParts] = file.replace(/\.sql$/, '').split('_')
    const sql = await readFile(path.join(options.migrationsDir, file), 'utf8')
    const didApply = await db.transaction(async (tx) => {
      const seen = await tx.query(
        `select 1 from supabase_migrations.schema_migrations where version = $1`,
        [version],
      )
      if (seen.rows.length > 0) return false
      await runAsPostgres(tx, sql, `Migration ${file}`)
      await tx.query(
        `insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)`,
        [version, nameParts.join('_')],
      )
      return true
    })
    if (didApply) applied.push(file)
  }

  let seeded = false
  if (fresh) {
    const seed = await readFile(options.seedFile, 'utf8').catch(() => '')
    if (seed.trim()) {
      await db.transaction((tx) => runAsPostgres(tx, seed, 'supabase/seed.sql'))
      seeded = true
    }
  }

  await db.transaction((tx) => tx.exec(ATTACH_REALTIME_TRIGGERS))
  return { applied, seeded }
}

/**
 * Runs a script statement by statement as `postgres`, the non-superuser role the Supabase
 * CLI connects as on hosted (migrations/db/migrations/10000000000000_demote-postgres.sql),
 * except statements supautils would allow there (supautilsGrants.ts). A failure names the
 * file, the statement and its line, with Postgres's own message.
 */
async function runAsPostgres(tx: Queryable, sql: string, source: string): Promise<void> {
  for (const [index, statement] of splitStatements(sql).entries()) {
    try {
      await tx.exec('set local role postgres')
      if (await supautilsAllows(tx, statement.text)) await tx.exec('reset role')
      await tx.exec(statement.text)
    } catch (error) {
      const reason = isPgError(error)
        ? `${error.message} (SQLSTATE ${error.code})${error.hint ? `\n  hint: ${error.hint}` : ''}`
        : (error as Error).message
      throw new Error(
        `${source} failed at statement ${index + 1} (line ${statement.line}):\n` +
          `  ${abbreviate(statement.text)}\n  ${reason}`,
        { cause: error },
      )
    }
  }
  await tx.exec('reset role')
}

function abbreviate(statement: string): string {
  const oneLine = statement.replace(/\s+/g, ' ')
  return oneLine.length > 300 ? `${oneLine.slice(0, 297)}...` : oneLine
}

// Every table added to the supabase_realtime publication gets the capture trigger
// (idempotent: dropped and recreated each start, so new publications are picked up), for
// the actions the publication publishes: hosted Realtime asks wal2json for exactly those
// (supabase/realtime, realtime.list_changes: pubinsert / pubupdate / pubdelete).
const ATTACH_REALTIME_TRIGGERS = `
do $$
declare
  t record;
  actions text;
begin
  select concat_ws(' or ',
           case when p.pubinsert then 'insert' end,
           case when p.pubupdate then 'update' end,
           case when p.pubdelete then 'delete' end)
    into actions
    from pg_publication p where p.pubname = 'supabase_realtime';
  for t in select schemaname, tablename from pg_publication_tables where pubname = 'supabase_realtime' loop
    execute format('drop trigger if exists _local_realtime_capture on %I.%I', t.schemaname, t.tablename);
    if actions <> '' then
      execute format(
        'create trigger _local_realtime_capture after %s on %I.%I
           for each row execute function _local_realtime.capture()',
        actions, t.schemaname, t.tablename);
    end if;
  end loop;
  -- A table a later migration took out of the publication is heard of no more.
  for t in
    select n.nspname as schemaname, c.relname as tablename
      from pg_trigger tg
      join pg_class c on c.oid = tg.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
     where tg.tgname = '_local_realtime_capture'
       and not exists (
         select 1 from pg_publication_tables p
          where p.pubname = 'supabase_realtime'
            and p.schemaname = n.nspname and p.tablename = c.relname)
  loop
    execute format('drop trigger _local_realtime_capture on %I.%I', t.schemaname, t.tablename);
  end loop;
end
$$;
`
