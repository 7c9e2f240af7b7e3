// @vitest-environment jsdom
/**
 * The list draws again only the rows that changed. Each of the tab's own saves comes back from
 * Realtime as a new head (decision 0035), and so does every change made on another device: the
 * list then changes by one row, and opening a note changes two (the one left, the one opened).
 * Each row draws its "edited" time once, so the calls to formatEdited count the rows drawn.
 */
import { act, createElement, createRef } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { upsertSummary } from '../../../src/features/workspace/documentSummaries.ts'
import type { DocumentSummary } from '../../../src/features/workspace/types.ts'

const drawn = vi.hoisted(() => ({ rows: 0 }))
vi.mock('../../../src/features/workspace/documentSummaries.ts', async (original) => {
  const actual =
    await original<typeof import('../../../src/features/workspace/documentSummaries.ts')>()
  return {
    ...actual,
    formatEdited: (...args: Parameters<typeof actual.formatEdited>) => {
      drawn.rows += 1
      return actual.formatEdited(...args)
    },
  }
})

const { DocumentList } = await import('../../../src/features/workspace/components/DocumentList.tsx')

const NOW = Date.parse('2026-11-28T12:00:00Z')
const documents: DocumentSummary[] = Array.from({ length: 100 }, (_, at) => ({
  id: `doc-${at}`,
  title: `Note ${at}`,
  version: 1,
  updated_at: new Date(NOW - at * 60_000).toISOString(),
}))

let root: Root
/** Draws the list as the workspace does on each of its renders: new callbacks every time. */
function draw(list: DocumentSummary[], selectedId: string | null) {
  act(() =>
    root.render(
      createElement(DocumentList, {
        documents: list,
        loading: false,
        selectedId,
        query: '',
        onQueryChange: () => undefined,
        searchRef: createRef<HTMLInputElement>(),
        itemsRef: createRef<HTMLUListElement>(),
        onSelect: () => undefined,
        onOpenMatch: () => undefined,
        onSearchGone: () => undefined,
        onRename: async () => true,
        onDelete: () => undefined,
        now: NOW,
      }),
    ),
  )
}

beforeEach(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  root = createRoot(document.createElement('div'))
  draw(documents, 'doc-5')
  drawn.rows = 0
})

afterEach(() => act(() => root.unmount()))

describe('rows the document list draws again', () => {
  it('draws only the row a save changed', () => {
    const saved = upsertSummary(documents, {
      ...documents[40]!,
      version: 2,
      updated_at: new Date(NOW).toISOString(),
    })
    draw(saved, 'doc-5')
    // Before, all 100 rows.
    expect(drawn.rows).toBe(1)
  })

  it('draws only the rows left and opened when another note opens', () => {
    draw(documents, 'doc-7')
    expect(drawn.rows).toBe(2)
  })

  it('draws no row again when the workspace draws again for something else', () => {
    draw(documents, 'doc-5')
    expect(drawn.rows).toBe(0)
  })
})
