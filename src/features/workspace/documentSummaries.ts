/**
 * The documents list as pure functions: the list page, the realtime feed and the local
 * actions all change it through these, so the order and the search behave the same whatever
 * caused the change.
 */
import type { DocumentSummary } from './types'

function newestFirst(a: DocumentSummary, b: DocumentSummary): number {
  const byTime = Date.parse(b.updated_at) - Date.parse(a.updated_at)
  return byTime !== 0 ? byTime : a.id.localeCompare(b.id)
}

export function sortNewestFirst(list: readonly DocumentSummary[]): DocumentSummary[] {
  return [...list].sort(newestFirst)
}

/**
 * Adds or replaces one document. A change older than what the list already shows (a late
 * realtime event after a newer local answer) is ignored, so the list never steps back.
 */
export function upsertSummary(
  list: readonly DocumentSummary[],
  next: DocumentSummary,
): DocumentSummary[] {
  const current = list.find((doc) => doc.id === next.id)
  if (current && current.version > next.version) return [...list]
  const summary: DocumentSummary = {
    id: next.id,
    title: next.title,
    version: next.version,
    updated_at: next.updated_at,
  }
  return sortNewestFirst([...list.filter((doc) => doc.id !== next.id), summary])
}

export function removeSummary(list: readonly DocumentSummary[], id: string): DocumentSummary[] {
  return list.filter((doc) => doc.id !== id)
}

/** Case- and accent-insensitive title search; every word of the query must appear. */
export function filterByTitle(list: readonly DocumentSummary[], query: string): DocumentSummary[] {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...list]
  return list.filter((doc) => {
    const title = fold(doc.title)
    return words.every((word) => title.includes(word))
  })
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** "just now", "5 min ago", "3 h ago", "yesterday", then a date: how the list says "last edited". */
export function formatEdited(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso)
  const elapsed = now - time
  if (elapsed < MINUTE) return 'just now'
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`
  if (elapsed < 2 * DAY) return 'yesterday'
  const date = new Date(time)
  const sameYear = date.getFullYear() === new Date(now).getFullYear()
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  })
}

/**
 * A title as typed into the rename field: spaces tidied, never cut (a title over the limit is
 * refused with a counter instead). Empty when nothing but spaces was typed: the rename then
 * keeps the title the document had, rather than saving a placeholder over it.
 */
export function cleanTitle(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim()
}

/** Characters as Postgres's char_length counts them (code points, not UTF-16 units). */
export function titleLength(title: string): number {
  return [...title].length
}
