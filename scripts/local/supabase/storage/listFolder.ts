import type { ListOptions } from './requestBodies.ts'

export interface ObjectRow {
  id: string
  name: string
  bucket_id: string
  owner: string | null
  metadata: Record<string, unknown> | null
  created_at: string
  updated_at: string
  last_accessed_at: string | null
}

interface ListEntry {
  name: string
  id: string | null
  updated_at: string | null
  created_at: string | null
  last_accessed_at: string | null
  metadata: Record<string, unknown> | null
}

/**
 * One folder level, as storage's list endpoint returns it: files directly under `prefix` (empty,
 * or ending in "/") plus one entry (id null) per sub-folder; then search, sort, offset and limit.
 */
export function listFolder(rows: ObjectRow[], prefix: string, options: ListOptions): ListEntry[] {
  const start = prefix.length
  const entries = new Map<string, ListEntry>()
  for (const row of rows) {
    const rest = row.name.slice(start)
    const slash = rest.indexOf('/')
    if (slash >= 0) {
      const folder = rest.slice(0, slash)
      if (!entries.has(folder)) {
        entries.set(folder, {
          name: folder,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        })
      }
    } else {
      entries.set(rest, {
        name: rest,
        id: row.id,
        updated_at: row.updated_at,
        created_at: row.created_at,
        last_accessed_at: row.last_accessed_at,
        metadata: row.metadata,
      })
    }
  }
  // `search` continues the prefix: hosted matches names that begin with it, in any case, not
  // names that merely contain it (storage.search, migrations/tenant/0063: `prefix || search`).
  const search = options.search.toLowerCase()
  const { column, descending, limit, offset } = options
  const sorted = [...entries.values()]
    .filter((e) => e.name.toLowerCase().startsWith(search))
    .sort((a, b) => {
      // Folders first, as storage does, then the requested column.
      if ((a.id === null) !== (b.id === null)) return a.id === null ? -1 : 1
      const x = String(a[column] ?? '')
      const y = String(b[column] ?? '')
      return (x < y ? -1 : x > y ? 1 : 0) * (descending ? -1 : 1)
    })
  return sorted.slice(offset, offset + limit)
}
