import { describe, expect, it } from 'vitest'
import {
  cleanTitle,
  filterByTitle,
  titleLength,
  formatEdited,
  removeSummary,
  sortNewestFirst,
  upsertSummary,
} from '../../../src/features/workspace/documentSummaries.ts'
import type { DocumentSummary } from '../../../src/features/workspace/types.ts'

const doc = (id: string, title: string, updated: string, version = 1): DocumentSummary => ({
  id,
  title,
  version,
  updated_at: `2026-03-0${updated}T10:00:00Z`,
})

describe('the documents list', () => {
  const list = sortNewestFirst([
    doc('a', 'Alpha', '1'),
    doc('c', 'Gamma', '3'),
    doc('b', 'Beta', '2'),
  ])

  it('shows the most recently edited first', () => {
    expect(list.map((d) => d.id)).toEqual(['c', 'b', 'a'])
  })

  it('moves an edited document to the top and adds new ones in order', () => {
    const edited = upsertSummary(list, doc('a', 'Alpha v2', '4', 2))
    expect(edited.map((d) => [d.id, d.title])).toEqual([
      ['a', 'Alpha v2'],
      ['c', 'Gamma'],
      ['b', 'Beta'],
    ])
    expect(upsertSummary(list, doc('d', 'Delta', '5')).map((d) => d.id)).toEqual([
      'd',
      'c',
      'b',
      'a',
    ])
  })

  it('ignores a change older than what it shows (a late realtime event)', () => {
    const fresh = upsertSummary(list, doc('a', 'Newest', '4', 3))
    const late = upsertSummary(fresh, doc('a', 'Older', '3', 2))
    expect(late.find((d) => d.id === 'a')?.title).toBe('Newest')
  })

  it('removes a document', () => {
    expect(removeSummary(list, 'b').map((d) => d.id)).toEqual(['c', 'a'])
  })

  it('searches titles by every word, ignoring case and accents', () => {
    const notes = [
      doc('1', 'Café runbook', '1'),
      doc('2', 'Deploy RUNBOOK', '2'),
      doc('3', 'Ideas', '3'),
    ]
    expect(filterByTitle(notes, 'runbook').map((d) => d.id)).toEqual(['1', '2'])
    expect(filterByTitle(notes, 'cafe run').map((d) => d.id)).toEqual(['1'])
    expect(filterByTitle(notes, '  ').map((d) => d.id)).toEqual(['1', '2', '3'])
    expect(filterByTitle(notes, 'nothing')).toEqual([])
  })
})

describe('formatEdited', () => {
  const now = Date.parse('2026-03-10T12:00:00Z')
  it('says how long ago, then the date', () => {
    expect(formatEdited('2026-03-10T11:59:30Z', now)).toBe('just now')
    expect(formatEdited('2026-03-10T11:55:00Z', now)).toBe('5 min ago')
    expect(formatEdited('2026-03-10T09:00:00Z', now)).toBe('3 h ago')
    expect(formatEdited('2026-03-09T09:00:00Z', now)).toBe('yesterday')
    expect(formatEdited('2026-02-01T09:00:00Z', now)).toBe('1 Feb')
    expect(formatEdited('2025-02-01T09:00:00Z', now)).toBe('1 Feb 2025')
  })
})

describe('cleanTitle', () => {
  it('trims, collapses spaces and never leaves a title empty', () => {
    expect(cleanTitle('  Release   notes \n')).toBe('Release notes')
    expect(cleanTitle('  \n ')).toBe('')
  })

  it('never cuts a long title: it is refused with a counter instead', () => {
    const long = 'word '.repeat(60)
    expect(cleanTitle(long)).toBe(long.trim())
    // Counted as Postgres counts characters: an emoji is one, not two.
    expect(titleLength('📝 notes')).toBe(7)
  })
})
