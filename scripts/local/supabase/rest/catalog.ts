import { jsonRows } from '../db/database.ts'
import type { Database } from '../db/database.ts'

export interface ColumnInfo {
  name: string
  /** format_type(), e.g. `timestamp with time zone`, `text[]`. */
  type: string
  /** pg_type.typname, e.g. `timestamptz`, `_text` (what realtime-js expects). */
  udt: string
}

export interface TableInfo {
  schema: string
  name: string
  columns: Map<string, ColumnInfo>
  primaryKey: string[]
}

export interface ForeignKey {
  name: string
  fromSchema: string
  fromTable: string
  fromColumns: string[]
  toSchema: string
  toTable: string
  toColumns: string[]
}

export interface FunctionInfo {
  schema: string
  name: string
  args: { name: string; type: string }[]
  /** How many trailing args have defaults. */
  defaults: number
  returnsSet: boolean
  /** 'b' base, 'c' composite, 'p' pseudo (void, record), 'd' domain, 'e' enum. */
  returnTypeKind: string
  returnType: string
  volatility: 'i' | 's' | 'v'
}

/**
 * PostgREST's "schema cache": which tables, columns, relationships and functions exist
 * in the exposed schemas. Every identifier in a request is checked against it before it
 * is quoted into SQL, so names can never inject SQL; privileges are still Postgres's call.
 */
export class Catalog {
  private tables = new Map<string, TableInfo>()
  private functions = new Map<string, FunctionInfo[]>()
  foreignKeys: ForeignKey[] = []
  private lastLoad = 0
  private timezones?: Promise<Set<string>>

  constructor(
    private readonly db: Database,
    readonly schemas: string[],
  ) {}

  async load(): Promise<void> {
    const schemas = `{${this.schemas.join(',')}}`
    const [tables, keys, functions] = await this.db.transaction(async (tx) => [
      await jsonRows<{ schema: string; name: string; columns: ColumnInfo[]; pk: string[] }>(
        tx,
        TABLES_SQL,
        [schemas],
      ),
      await jsonRows<ForeignKey>(tx, FOREIGN_KEYS_SQL, [schemas]),
      await jsonRows<FunctionInfo>(tx, FUNCTIONS_SQL, [schemas]),
    ])
    this.tables = new Map(
      tables.map((t) => [
        `${t.schema}.${t.name}`,
        {
          schema: t.schema,
          name: t.name,
          primaryKey: t.pk,
          columns: new Map(t.columns.map((c) => [c.name, c])),
        },
      ]),
    )
    this.foreignKeys = keys
    this.functions = new Map()
    for (const fn of functions) {
      const key = `${fn.schema}.${fn.name}`
      this.functions.set(key, [...(this.functions.get(key) ?? []), fn])
    }
    this.lastLoad = Date.now()
  }

  /** Looks a table up, reloading once (at most every second) if it is unknown. */
  async table(schema: string, name: string): Promise<TableInfo | undefined> {
    const found = this.tables.get(`${schema}.${name}`)
    if (found || Date.now() - this.lastLoad < 1000) return found
    await this.load()
    return this.tables.get(`${schema}.${name}`)
  }

  tableSync(schema: string, name: string): TableInfo | undefined {
    return this.tables.get(`${schema}.${name}`)
  }

  /**
   * The time zones a `Prefer: timezone=…` may name: PostgREST reads pg_timezone_names into its
   * schema cache (src/PostgREST/SchemaCache.hs v12.2.12, timezones). Read once, in a transaction
   * of its own (before the request's: PGlite has one connection).
   */
  timezoneNames(): Promise<Set<string>> {
    this.timezones ??= this.db
      .transaction((tx) => tx.query<{ name: string }>('select name from pg_timezone_names'))
      .then(({ rows }) => new Set(rows.map((r) => r.name)))
    return this.timezones
  }

  async functionsNamed(schema: string, name: string): Promise<FunctionInfo[]> {
    const found = this.functions.get(`${schema}.${name}`)
    if (found || Date.now() - this.lastLoad < 1000) return found ?? []
    await this.load()
    return this.functions.get(`${schema}.${name}`) ?? []
  }
}

const TABLES_SQL = `
  select n.nspname as schema, c.relname as name,
    (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'udt', t.typname)
                     order by a.attnum)
       from pg_attribute a join pg_type t on t.oid = a.atttypid
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
    coalesce((select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
                from pg_index i join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
               where i.indrelid = c.oid and i.indisprimary), '[]'::json) as pk
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'p', 'f')`

const FOREIGN_KEYS_SQL = `
  select con.conname as name, sn.nspname as "fromSchema", sc.relname as "fromTable",
         tn.nspname as "toSchema", tc.relname as "toTable",
    (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
       join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as "fromColumns",
    (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
       join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as "toColumns"
  from pg_constraint con
  join pg_class sc on sc.oid = con.conrelid join pg_namespace sn on sn.oid = sc.relnamespace
  join pg_class tc on tc.oid = con.confrelid join pg_namespace tn on tn.oid = tc.relnamespace
  where con.contype = 'f' and sn.nspname = any($1::text[]) and tn.nspname = any($1::text[])`

const FUNCTIONS_SQL = `
  select n.nspname as schema, p.proname as name, p.proretset as "returnsSet", t.typtype as "returnTypeKind",
         format_type(p.prorettype, null) as "returnType", p.provolatile as volatility, p.pronargdefaults as defaults,
    coalesce((select json_agg(json_build_object('name', coalesce(p.proargnames[u.ord], ''), 'type', format_type(u.typ, null))
                              order by u.ord)
                from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(typ, ord)
               where p.proargmodes is null or p.proargmodes[u.ord] in ('i', 'b', 'v')), '[]'::json) as args
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
  where n.nspname = any($1::text[]) and p.prokind = 'f'`
