import type { RowChange } from './changeFeed.ts'

/** One `postgres_changes` subscription of a channel, with the id the server assigned. */
export interface Binding {
  id: number
  event: string
  schema: string
  table?: string
  filter?: string
}

const FILTER = /^([A-Za-z_][A-Za-z0-9_]*)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/s

function compare(actual: unknown, operator: string, expected: string): boolean {
  if (actual === null || actual === undefined) return false
  const value = typeof actual === 'object' ? JSON.stringify(actual) : String(actual)
  const numeric = typeof actual === 'number'
  const a = numeric ? Number(value) : value
  const b = numeric ? Number(expected) : expected
  switch (operator) {
    case 'eq':
      return a === b
    case 'neq':
      return a !== b
    case 'lt':
      return a < b
    case 'lte':
      return a <= b
    case 'gt':
      return a > b
    case 'gte':
      return a >= b
    case 'in':
      return expected
        .replace(/^\(|\)$/g, '')
        .split(',')
        .map((s) => s.trim().replace(/^"|"$/g, ''))
        .includes(value)
    default:
      return false
  }
}

export function isValidFilter(filter: string | undefined): boolean {
  return filter === undefined || filter === '' || FILTER.test(filter)
}

/** Does `change` match the binding's event, schema, table and column filter? */
export function matches(binding: Binding, change: RowChange): boolean {
  if (binding.event !== '*' && binding.event.toUpperCase() !== change.change_type) return false
  if (binding.schema !== '*' && binding.schema !== change.schema_name) return false
  if (binding.table && binding.table !== '*' && binding.table !== change.table_name) return false
  if (!binding.filter) return true
  const parsed = FILTER.exec(binding.filter)
  if (!parsed) return false
  // A deleted row is known only by its replica identity (the key, by default), so a filter on
  // any other column never matches a delete, as on hosted Realtime.
  const row = change.record ?? change.old_record ?? {}
  return compare(row[parsed[1]!], parsed[2]!, parsed[3]!)
}
