import { parse, parsePlPgSQL } from '@libpg-query/parser'
import type { Queryable } from '../db/database.ts'
import { RestError } from './restError.ts'

/**
 * pg-safeupdate inside functions and triggers.
 *
 * Hosted loads pg-safeupdate into every Data API session (supabase/postgres,
 * migrations/db/migrations/20260413000000_fix-authenticator-session-preload-libraries.sql:
 * `ALTER ROLE authenticator SET session_preload_libraries = 'supautils, safeupdate'`). It is a
 * post-parse-analysis hook (eradman/pg-safeupdate safeupdate.c, delete_needs_where_check), so it
 * refuses, with 21000 "UPDATE requires a WHERE clause" / "DELETE requires a WHERE clause", every
 * UPDATE or DELETE (in a data-modifying CTE too) whose query has no WHERE that the session
 * parses: the request's own, and those of each SQL or PL/pgSQL function it runs, as an /rpc call,
 * a trigger or a callee. The Auth and Storage servers log in as other roles and are not checked.
 *
 * PGlite cannot load the C extension and Debian has no package for PostgreSQL, so the local Data
 * API does what the hook would do, on both engines: each request's transaction counts its
 * function calls (`track_functions = 'all'`), and before it commits, every function it called
 * is parsed with PostgreSQL's own parser (libpg_query, PostgreSQL 17's grammar, a superset of
 * 15's); one holding an UPDATE or DELETE without WHERE fails the request with hosted's error and
 * rolls it back. For PL/pgSQL it is stricter than hosted: the function fails if such a statement
 * is anywhere in it, where hosted parses a statement only when it first runs (one in a branch not
 * taken passes) and lets an EXCEPTION block catch the error. It cannot see statements a function
 * builds at run time (EXECUTE): hosted refuses those, the local backend does not; the app's
 * functions use none (tests/backend/safeUpdate.test.ts audits every one of them).
 */

export type Verb = 'UPDATE' | 'DELETE'

/** A function as the checker reads it from pg_proc. */
export interface FunctionSource {
  /** `schema.name(argument types)`, for messages. */
  name: string
  language: string
  /** pg_proc.prosrc: the body of a function written as a string. */
  source: string
  /** pg_get_functiondef(): the whole CREATE FUNCTION (PL/pgSQL is parsed from it). */
  definition: string
}

/**
 * The command of each UPDATE or DELETE without WHERE in a parse tree, a statement's CTEs before
 * the statement, in the order pg-safeupdate meets them (it checks `cteList` first).
 */
function unqualifiedIn(tree: unknown, found: Verb[] = []): Verb[] {
  if (Array.isArray(tree)) {
    for (const item of tree) unqualifiedIn(item, found)
  } else if (tree !== null && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      unqualifiedIn(value, found)
      if ((key === 'UpdateStmt' || key === 'DeleteStmt') && !hasWhere(value))
        found.push(key === 'UpdateStmt' ? 'UPDATE' : 'DELETE')
    }
  }
  return found
}

function hasWhere(statement: unknown): boolean {
  return typeof statement === 'object' && statement !== null && 'whereClause' in statement
}

/**
 * The SQL statements of a PL/pgSQL function: the text of every expression PL/pgSQL reads as a
 * whole statement (parseMode 0, RAW_PARSE_DEFAULT: plain SQL, PERFORM, RETURN QUERY, FOR … IN
 * query, OPEN … FOR); the other modes are expressions and assignments, which cannot write.
 */
function plpgsqlStatements(tree: unknown, found: string[] = []): string[] {
  if (Array.isArray(tree)) {
    for (const item of tree) plpgsqlStatements(item, found)
  } else if (tree !== null && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      const expr = value as { query?: unknown; parseMode?: unknown }
      if (key === 'PLpgSQL_expr' && typeof expr.query === 'string' && !expr.parseMode)
        found.push(expr.query)
      else plpgsqlStatements(value, found)
    }
  }
  return found
}

/** The UPDATE and DELETE statements without WHERE in one function, in the order written. */
export async function unqualifiedWrites(fn: FunctionSource): Promise<Verb[]> {
  if (fn.language === 'sql') {
    // A BEGIN ATOMIC body is parsed with the definition; a string body on its own.
    return unqualifiedIn(await parse(fn.source.trim() === '' ? fn.definition : fn.source))
  }
  if (fn.language === 'plpgsql') {
    const found: Verb[] = []
    for (const statement of plpgsqlStatements(await parsePlPgSQL(fn.definition)))
      found.push(...unqualifiedIn(await parse(statement)))
    return found
  }
  return []
}

/** Set in each Data API transaction, so the functions it calls can be listed before commit. */
export const COUNT_FUNCTION_CALLS = { track_functions: 'all' }

/** Bodies already read, by definition: a function is parsed once, and again if replaced. */
const checked = new Map<string, Promise<Verb[]>>()

function check(fn: FunctionSource): Promise<Verb[]> {
  const key = `${fn.language}\u0000${fn.definition}`
  let result = checked.get(key)
  if (!result) {
    result = unqualifiedWrites(fn)
    checked.set(key, result)
  }
  return result
}

/** `schema.name(arguments)`, whatever the search path. */
const QUALIFIED_NAME = `p.pronamespace::regnamespace::text || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')'`

/**
 * How often each SQL and PL/pgSQL function outside pg_catalog has been called, as counted by
 * `track_functions`. The counts are the backend's pending ones, flushed only between
 * transactions and not reset at each (PostgreSQL 15, pgstat_function.c), so a request compares
 * them before and after its work; no flush can fall inside its transaction.
 */
const CALLS_SQL = `
  select p.oid::int8 as oid, pg_stat_get_xact_function_calls(p.oid)::int8 as calls
  from pg_proc p join pg_language l on l.oid = p.prolang
  where l.lanname in ('sql', 'plpgsql')
    and p.pronamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
    and pg_stat_get_xact_function_calls(p.oid) > 0`

const CALLED_SINCE_SQL = `
  with now as (${CALLS_SQL})
  select ${QUALIFIED_NAME} as name, l.lanname as language, p.prosrc as source,
         pg_get_functiondef(p.oid) as definition
  from now
  left join unnest($1::int8[], $2::int8[]) as before(oid, calls) on before.oid = now.oid
  join pg_proc p on p.oid = now.oid::oid join pg_language l on l.oid = p.prolang
  where now.calls > coalesce(before.calls, 0)
  order by p.oid`

export type CallCounts = { oids: string[]; calls: string[] }

/** The call counts at the start of a request's work (see CALLS_SQL). */
export async function functionCalls(tx: Queryable): Promise<CallCounts> {
  const { rows } = await tx.query<{ oid: string | number; calls: string | number }>(CALLS_SQL)
  return { oids: rows.map((r) => String(r.oid)), calls: rows.map((r) => String(r.calls)) }
}

/**
 * Fails the request, as hosted would have, if it ran a function holding an UPDATE or DELETE
 * without WHERE. Call last in the request's transaction (which set COUNT_FUNCTION_CALLS), with
 * the counts taken at its start.
 */
export async function failUnqualifiedWrites(tx: Queryable, before: CallCounts): Promise<void> {
  const { rows } = await tx.query<FunctionSource>(CALLED_SINCE_SQL, [before.oids, before.calls])
  for (const fn of rows) {
    let verbs: Verb[]
    try {
      verbs = await check(fn)
    } catch {
      // A body the parser cannot read is left to Postgres, which already accepted it (the
      // app's are all read: auditAppFunctions).
      continue
    }
    const verb = verbs[0]
    if (verb) throw new RestError(400, '21000', `${verb} requires a WHERE clause`)
  }
}

/** Whether a PL/pgSQL parse tree runs a statement it builds at run time. */
function runsDynamicSql(tree: unknown): boolean {
  const text = JSON.stringify(tree)
  return /"PLpgSQL_stmt_dyn(execute|fors)"|"dynquery"/.test(text)
}

const APP_FUNCTIONS_SQL = `
  select ${QUALIFIED_NAME} as name, l.lanname as language, p.prosrc as source,
         pg_get_functiondef(p.oid) as definition
  from pg_proc p join pg_language l on l.oid = p.prolang
  where l.lanname in ('sql', 'plpgsql') and p.prokind = 'f'
    and p.proowner = 'postgres'::regrole
    and not exists (select 1 from pg_depend d
                    where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
  order by 1`

/**
 * What hosted's pg-safeupdate would refuse in the functions the app's migrations create (those
 * `postgres` owns, extensions' aside), and what the local check cannot see: a body it cannot
 * parse, or SQL built at run time. For a test that holds every app function to it.
 */
export async function auditAppFunctions(
  tx: Queryable,
): Promise<{ name: string; problem: string }[]> {
  const { rows } = await tx.query<FunctionSource>(APP_FUNCTIONS_SQL)
  const problems: { name: string; problem: string }[] = []
  for (const fn of rows) {
    try {
      for (const verb of await unqualifiedWrites(fn))
        problems.push({ name: fn.name, problem: `${verb} requires a WHERE clause` })
      if (fn.language === 'plpgsql' && runsDynamicSql(await parsePlPgSQL(fn.definition)))
        problems.push({ name: fn.name, problem: 'runs SQL built at run time (EXECUTE)' })
    } catch (error) {
      problems.push({ name: fn.name, problem: `cannot be parsed: ${String(error)}` })
    }
  }
  return problems
}
