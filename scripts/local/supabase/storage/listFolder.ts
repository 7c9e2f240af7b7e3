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
 * One folder level, as storage's list endpoint returns it: files directly under `prefix`
 * plus one entry (id null) per sub-folder; then search, sort, offset and limit (default 100).
 */
export function listFolder(
  rows: ObjectRow[],
  prefix: string,
  options: Record<string, unknown>,
): ListEntry[] {
  const start = prefix === '' ? 0 : prefix.length + 1
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
  const search = typeof options.search === 'string' ? options.search.toLowerCase() : ''
  const sortBy = (
    typeof options.sortBy === 'object' && options.sortBy !== null ? options.sortBy : {}
  ) as Record<string, unknown>
  const column =
    sortBy.column === 'created_at' ||
    sortBy.column === 'updated_at' ||
    sortBy.column === 'last_accessed_at'
      ? sortBy.column
      : 'name'
  const descending = String(sortBy.order ?? 'asc').toLowerCase() === 'desc'
  const limit = typeof options.limit === 'number' ? Math.max(0, options.limit) : 100
  const offset = typeof options.offset === 'number' ? Math.max(0, options.offset) : 0
  const sorted = [...entries.values()]
    .filter((e) => e.name.toLowerCase().includes(search))
    .sort((a, b) => {
      // Folders first, as storage does, then the requested column.
      if ((a.id === null) !== (b.id === null)) return a.id === null ? -1 : 1
      const x = String(a[column] ?? '')
      const y = String(b[column] ?? '')
      return (x < y ? -1 : x > y ? 1 : 0) * (descending ? -1 : 1)
    })
  return sorted.slice(offset, offset + limit)
}
