/**
 * Where the keyboard's focus goes when the workspace takes away what had it: a row deleted or
 * renamed out of the search, the toast's Undo once it has done its work, a view a phone hides.
 * Each hands the focus to what now leads on, so the next Tab does not start again from the
 * header, and leaves it alone where the person has since put it themselves.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { filterByTitle } from './documentSummaries'
import type { DocumentSummary } from './types'

export interface ListFocusTargets {
  listItems: React.RefObject<HTMLUListElement>
  searchInput: React.RefObject<HTMLInputElement>
  newDocumentButton: React.RefObject<HTMLButtonElement>
  /** The open document's way back to the list, shown on narrow screens. */
  toListButton: React.RefObject<HTMLButtonElement>
}

/** A deletion just undone, and whether the focus on its restored row says so. */
export interface Restored {
  id: string
  title: string
  /** Undone by the toast's button, whose focus went with the toast. */
  focusRow: boolean
  /** Settled after the render that puts the row back; until then nothing is shown. */
  saidByFocus?: boolean
}

const focusIsFree = () => !document.activeElement || document.activeElement === document.body

const titleLinks = (list: HTMLUListElement | null) => [
  ...(list?.querySelectorAll<HTMLElement>('.doc-list__link') ?? []),
]

export function useListFocus(
  targets: ListFocusTargets,
  list: { documents: DocumentSummary[]; query: string; narrowView: 'list' | 'document' },
) {
  const { listItems, searchInput, newDocumentButton, toListButton } = targets

  /**
   * A row deleted, or renamed out of the search's matches, takes the focus of its Delete button
   * (or rename field) with it to <body>: the row now in its place (or the last one) takes it.
   * Done after the render that takes the row away, which the next frame may come before. Not
   * when a renamed row is still among the matches (it keeps its own focus).
   */
  const [rowLeaving, setRowLeaving] = useState<{ id: string; position: number } | null>(null)
  useEffect(() => {
    if (!rowLeaving) return
    setRowLeaving(null)
    if (filterByTitle(list.documents, list.query).some(({ id }) => id === rowLeaving.id)) return
    if (!focusIsFree()) return
    const links = titleLinks(listItems.current)
    const next = links[Math.min(rowLeaving.position, links.length - 1)] ?? newDocumentButton.current
    next?.focus()
  }, [rowLeaving, list.documents, list.query, listItems, newDocumentButton])

  /**
   * Undone by the toast's button, the restored title in the list takes the focus, and a screen
   * reader says it there; by Ctrl/⌘+Z (or on a phone, where the reopened note hides the list),
   * the toast region says it. Once: "Restored …" is shown only when `saidByFocus` is settled,
   * with the region silent if the focus said it.
   */
  const [restored, setRestored] = useState<Restored | null>(null)
  useLayoutEffect(() => {
    if (!restored || restored.saidByFocus !== undefined) return
    const href = `?doc=${encodeURIComponent(restored.id)}`
    const row = titleLinks(listItems.current).find((link) => link.getAttribute('href') === href)
    const free = focusIsFree()
    if (restored.focusRow && free) row?.focus()
    // Reopened on a phone, the note hides the list: its way back to the list takes the focus.
    if (restored.focusRow && free && document.activeElement !== row) toListButton.current?.focus()
    setRestored({ ...restored, saidByFocus: !!row && document.activeElement === row })
  }, [restored, listItems, toListButton])
  const forgetRestored = useCallback(() => setRestored(null), [])

  /**
   * On a phone each view hides the other, and with it the control that switched (All
   * documents, a title). The view that shows takes the focus: the list at the open document's
   * title (or the search field, or New document), the document at its way back to the list.
   * Only when the focus was hidden: on a wide screen both stay and the focus with them. Checked
   * before the browser moves a hidden element's focus to the page, at its next frame.
   */
  const shownView = useRef(list.narrowView)
  useLayoutEffect(() => {
    if (shownView.current === list.narrowView) return
    shownView.current = list.narrowView
    const focused = document.activeElement
    if (!(focused instanceof HTMLElement) || focused === document.body || focused.checkVisibility())
      return
    if (list.narrowView === 'document') return toListButton.current?.focus()
    const current = listItems.current?.querySelector<HTMLElement>('[aria-current="page"]')
    ;(current ?? searchInput.current ?? newDocumentButton.current)?.focus()
  }, [list.narrowView, listItems, searchInput, newDocumentButton, toListButton])

  return { setRowLeaving, restored, setRestored, forgetRestored }
}
