import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { MAX_TITLE_LENGTH } from '../documentLimits'
import { cleanTitle, filterByTitle, formatEdited, titleLength } from '../documentSummaries'
import { resultsKeyFor } from '../shortcuts'
import { TitleCounter } from './TitleCounter'
import type { DocumentSummary } from '../types'

interface DocumentListProps {
  documents: DocumentSummary[]
  /** The list is still being fetched: the search field is there, the titles are not yet. */
  loading: boolean
  selectedId: string | null
  query: string
  onQueryChange: (query: string) => void
  searchRef: React.RefObject<HTMLInputElement>
  /** The list of titles, for the workspace to put focus back in it after a deletion. */
  itemsRef: React.RefObject<HTMLUListElement>
  onSelect: (id: string) => void
  /** Enter in the search field opens its first match, ready to be written in. */
  onOpenMatch: (id: string) => void
  onRename: (id: string, title: string) => Promise<boolean>
  onDelete: (document: DocumentSummary) => void
  /** Re-render "5 min ago" labels from this clock. */
  now: number
  /** The list goes (it loaded empty) with the focus in its search field: where it goes on. */
  onSearchGone: () => void
}

/** The rename and delete buttons' 16 px line drawings (a pencil, a bin). */
const PENCIL = 'M11.5 2.5l2 2L6 12l-3 1 1-3z'
const BIN = 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5'

function LineIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" width="16" height="16">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  )
}

/**
 * How many rows the list draws at first, and how many more each time its end is reached. A year
 * in, hundreds of notes drawn at once (13 elements a row) were drawn again on every keystroke
 * in the search, every change from another device and every tick of the "edited" clock; a
 * person sees a screenful, and the search reaches every title whatever is drawn.
 */
export const LIST_ROWS_AT_ONCE = 100

/** Titles, newest first, with search, inline rename and delete. */
export function DocumentList(props: DocumentListProps) {
  const matches = filterByTitle(props.documents, props.query)
  // Rows drawn for this query; another query starts again from the first ones.
  const [drawn, setDrawn] = useState({ query: props.query, rows: LIST_ROWS_AT_ONCE })
  const rowsDrawn = drawn.query === props.query ? drawn.rows : LIST_ROWS_AT_ONCE
  const shown = matches.slice(0, rowsDrawn)
  const hidden = matches.length - shown.length
  const nextRows = Math.min(hidden, LIST_ROWS_AT_ONCE)
  const showMore = () => setDrawn({ query: props.query, rows: rowsDrawn + LIST_ROWS_AT_ONCE })
  const moreButton = useRef<HTMLButtonElement>(null)
  // The rows get callbacks that stay the same from one draw to the next, calling the latest the
  // workspace gave: its own are new on each of its renders, and would draw every row again.
  const latest = useRef(props)
  latest.current = props
  const onSelect = useCallback((id: string) => latest.current.onSelect(id), [])
  const onRename = useCallback(
    (id: string, title: string) => latest.current.onRename(id, title),
    [],
  )
  const onDelete = useCallback((document: DocumentSummary) => latest.current.onDelete(document), [])
  useEffect(() => {
    const button = moreButton.current
    if (!button || typeof IntersectionObserver === 'undefined') return
    // Scrolled to (the list's end in sight), the next rows are drawn without a press. Not when
    // the keyboard brought it into sight: the button would go far down with the focus on it,
    // where a press takes the focus on to the first row drawn instead.
    const observer = new IntersectionObserver((entries) => {
      if (document.activeElement === button) return
      if (entries.some((entry) => entry.isIntersecting)) showMore()
    })
    observer.observe(button)
    return () => observer.disconnect()
  })
  // Pressed into while the list loads (Ctrl/⌘+K), the field goes if the list is empty, and
  // its focus would fall to the page. Asked as the list unmounts, while the field still holds it.
  const { searchRef, onSearchGone } = props
  const searchGone = useRef(onSearchGone)
  searchGone.current = onSearchGone
  useLayoutEffect(() => {
    const search = searchRef.current
    return () => {
      if (search && document.activeElement === search) searchGone.current()
    }
  }, [searchRef])

  /** The result links, in order: where ↑ and ↓ move focus. */
  const resultLinks = () => [
    ...(props.itemsRef.current?.querySelectorAll<HTMLElement>('.doc-list__link') ?? []),
  ]

  function onSearchKey(event: React.KeyboardEvent<HTMLInputElement>) {
    const action = resultsKeyFor(event.nativeEvent)
    if (action === 'clear') props.onQueryChange('')
    else if (action === 'open-first' && props.query.trim() && shown[0]) {
      event.preventDefault()
      props.onOpenMatch(shown[0].id)
    } else if (action === 'next' && shown.length > 0) {
      event.preventDefault()
      resultLinks()[0]?.focus()
    }
  }

  function onResultKey(event: React.KeyboardEvent<HTMLUListElement>) {
    const action = resultsKeyFor(event.nativeEvent)
    if (action !== 'next' && action !== 'previous') return
    // Only from a title: the rename field inside a row keeps its arrows for its own text.
    const links = resultLinks()
    const at = links.indexOf(event.target as HTMLElement)
    if (at === -1) return
    event.preventDefault()
    if (action === 'next') links[Math.min(at + 1, links.length - 1)]?.focus()
    else if (at === 0) props.searchRef.current?.focus()
    else links[at - 1]?.focus()
  }

  return (
    <div className="doc-list">
      <input
        ref={props.searchRef}
        type="search"
        className="doc-list__search"
        aria-label="Search documents by title"
        aria-describedby="doc-search-keys"
        placeholder="Search by title"
        value={props.query}
        onChange={(event) => props.onQueryChange(event.target.value)}
        onKeyDown={onSearchKey}
      />
      <p id="doc-search-keys" className="visually-hidden">
        Enter opens the first match; the down arrow moves to the results.
      </p>
      {props.loading && props.documents.length === 0 ? (
        <p className="status-note">Loading your documents…</p>
      ) : shown.length === 0 ? (
        <p className="status-note doc-list__none">
          No document title matches “{props.query.trim()}”.
        </p>
      ) : (
        <ul
          ref={props.itemsRef}
          className="doc-list__items"
          aria-label="Documents, most recently edited first"
          onKeyDown={onResultKey}
        >
          {shown.map((document) => (
            <DocumentListItem
              key={document.id}
              document={document}
              selected={document.id === props.selectedId}
              now={props.now}
              onSelect={onSelect}
              onRename={onRename}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
      {hidden > 0 ? (
        <button
          ref={moreButton}
          type="button"
          className="button button--small doc-list__more"
          onClick={() => {
            // Pressed from the keyboard, the focus goes on to the first row just drawn.
            const firstNew = rowsDrawn
            flushSync(showMore)
            resultLinks()[firstNew]?.focus()
          }}
        >
          Show {nextRows.toLocaleString('en')} more {nextRows === 1 ? 'document' : 'documents'}
        </button>
      ) : null}
    </div>
  )
}

type ItemProps = Pick<DocumentListProps, 'onSelect' | 'onRename' | 'onDelete' | 'now'> & {
  document: DocumentSummary
  selected: boolean
}

/**
 * One row, drawn again only when its own props change: a save here or a change on another
 * device changes one row of hundreds (the rows are the same objects otherwise, see
 * documentSummaries.ts), and opening a note changes two.
 */
const DocumentListItem = memo(function DocumentListItem({
  document,
  selected,
  onSelect,
  onRename,
  onDelete,
  now,
}: ItemProps) {
  const [renaming, setRenaming] = useState(false)
  const [draft, setDraft] = useState(document.title)
  const [busy, setBusy] = useState(false)
  // A rename finished from the keyboard (Enter, Escape) hands focus to the title it renamed;
  // one left by a click elsewhere leaves focus where the click put it.
  const focusTitleAfterRename = useRef(false)
  const titleLink = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    if (renaming || !focusTitleAfterRename.current) return
    focusTitleAfterRename.current = false
    titleLink.current?.focus()
  }, [renaming])
  const counterId = `title-count-${document.id}`
  const length = titleLength(cleanTitle(draft))
  const tooLong = length > MAX_TITLE_LENGTH

  async function commit() {
    // Enter submits, and the input then loses focus: only the first of the two renames.
    if (busy) return
    const title = cleanTitle(draft)
    // Emptied: the title it had stays, as the counter said while the field was empty.
    if (title === '' || title === document.title) return setRenaming(false)
    // Still renaming: a later click elsewhere must not send focus back here.
    const stayRenaming = () => void (focusTitleAfterRename.current = false)
    if (titleLength(title) > MAX_TITLE_LENGTH) return stayRenaming() // the counter says why
    setBusy(true)
    const ok = await onRename(document.id, title)
    setBusy(false)
    if (ok) setRenaming(false)
    else stayRenaming()
  }

  return (
    <li className={`doc-list__item${selected ? ' doc-list__item--selected' : ''}`}>
      {renaming ? (
        <form
          className="doc-list__rename"
          onSubmit={(event) => {
            event.preventDefault()
            focusTitleAfterRename.current = true
            void commit()
          }}
        >
          <input
            aria-label={`New title for “${document.title}”`}
            aria-describedby={counterId}
            aria-invalid={tooLong || undefined}
            value={draft}
            autoFocus
            // Read-only while it is sent, not disabled: that would drop the focus to the page,
            // and a refused rename (offline) leaves the new title here to send again.
            readOnly={busy}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={() => void commit()}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                focusTitleAfterRename.current = true
                setDraft(document.title)
                setRenaming(false)
              }
            }}
          />
          <TitleCounter id={counterId} length={length} current={document.title} />
        </form>
      ) : (
        <a
          ref={titleLink}
          className="doc-list__link"
          href={`?doc=${encodeURIComponent(document.id)}`}
          aria-current={selected ? 'page' : undefined}
          onClick={(event) => {
            event.preventDefault()
            onSelect(document.id)
          }}
          onDoubleClick={() => {
            setDraft(document.title)
            setRenaming(true)
          }}
        >
          {/* The list cuts a long title short with an ellipsis: a pointer's hover shows it whole. */}
          <span className="doc-list__title" title={document.title}>
            {document.title}
          </span>
          <span className="doc-list__edited">
            Edited{' '}
            <time dateTime={document.updated_at}>{formatEdited(document.updated_at, now)}</time>
          </span>
        </a>
      )}
      <div className="doc-list__actions">
        <button
          type="button"
          className="icon-button"
          aria-label={`Rename “${document.title}”`}
          title="Rename"
          onClick={() => {
            setDraft(document.title)
            setRenaming(true)
          }}
        >
          <LineIcon path={PENCIL} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={`Delete “${document.title}”`}
          title="Delete"
          onClick={() => onDelete(document)}
        >
          <LineIcon path={BIN} />
        </button>
      </div>
    </li>
  )
})
