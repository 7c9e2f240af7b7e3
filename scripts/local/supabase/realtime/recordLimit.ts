/**
 * Hosted Realtime's limit on one change. When the WAL record wal2json wrote for a row is over
 * the tenant's `poll_max_record_bytes` (1,048,576 on Supabase), Realtime still sends the
 * change, but its record and old record keep only the values whose JSON text is at most 64
 * bytes, and `errors` says 'Error 413: Payload Too Large'. See supabase/realtime,
 * lib/extensions/postgres_cdc_rls (realtime.apply_rls: `error_record_exceeds_max_size boolean
 * = octet_length(wal::text) > max_record_bytes`, `octet_length((c).value::text) <= 64`).
 */
import type { TableInfo } from '../rest/catalog.ts'
import type { RowChange } from './changeFeed.ts'

export const MAX_RECORD_BYTES = 1_048_576
export const PAYLOAD_TOO_LARGE = 'Error 413: Payload Too Large'
const MAX_KEPT_VALUE_BYTES = 64

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** The length in bytes of `value` as Postgres prints a jsonb: `{"a": 1, "b": [1, 2]}`. */
export function jsonbTextBytes(value: Json): number {
  if (Array.isArray(value))
    return 2 + value.reduce<number>((sum, item, i) => sum + jsonbTextBytes(item) + (i ? 2 : 0), 0)
  if (value !== null && typeof value === 'object')
    return (
      2 +
      Object.entries(value).reduce<number>(
        (sum, [key, item], i) => sum + jsonbTextBytes(key) + 2 + jsonbTextBytes(item) + (i ? 2 : 0),
        0,
      )
    )
  // Postgres escapes strings as JSON.stringify does: quotes, backslashes, control characters.
  return Buffer.byteLength(JSON.stringify(value))
}

/**
 * The size of the WAL record for this change of a row of `table`, as wal2json (format 2, with
 * the options Realtime asks for: timestamps, type names and oids, the primary key) writes it.
 * Type oids are counted as four digits; being a few bytes over can only make this limit
 * stricter than hosted.
 */
export function walRecordBytes(change: RowChange, table: TableInfo): number {
  const typeOf = (name: string) => table.columns.get(name)?.udt ?? 'text'
  const described = (row: Record<string, unknown>) =>
    Object.entries(row).map(([name, value]) => ({
      name,
      type: typeOf(name),
      typeoid: 1000,
      value: value as Json,
    }))
  return jsonbTextBytes({
    action: change.change_type.slice(0, 1),
    timestamp: change.commit_timestamp,
    schema: change.schema_name,
    table: change.table_name,
    ...(change.record ? { columns: described(change.record) } : {}),
    ...(change.old_record ? { identity: described(change.old_record) } : {}),
    pk: table.primaryKey.map((name) => ({ name, type: typeOf(name), typeoid: 1000 })),
  })
}

/** A record cut down as hosted Realtime cuts an oversized change's records. */
export function smallValuesOf(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).filter(
      ([, value]) => jsonbTextBytes(value as Json) <= MAX_KEPT_VALUE_BYTES,
    ),
  )
}
