import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react'
import { flushSync } from 'react-dom'
import { useSearchParams } from 'react-router-dom'
import { FormMessage } from '../../components/FormMessage'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { DocumentEditor } from './components/DocumentEditor'
import { DocumentList } from './components/DocumentList'
import { EmptyState, SAMPLE_DOCUMENT } from './components/EmptyState'
import { LiveStatus } from './components/LiveStatus'
import { PlanNotice } from './components/PlanNotice'
import { Splitter } from './components/Splitter'
import { TransferActions } from './components/TransferActions'
import { ShortcutKeys } from './components/ShortcutKeys'
import { UndoToast } from './components/UndoToast'
import { UpgradePrompt } from './components/UpgradePrompt'
import type { DocumentSession } from './documentSession'
import { filterByTitle } from './documentSummaries'
import { FREE_DOCUMENT_LIMIT } from './planLimits'
import { SHORTCUT_HELP, isTextField, shortcutFor } from './shortcuts'
import type { DocumentSummary, WorkspaceDocument } from './types'
import { useDocuments } from './useDocuments'
import { useOnline } from './useOnline'
import { useLastOpenDocument } from './useLastOpenDocument'
import { useListFocus } from './useListFocus'
import { usePaneSize, type PaneSizeRange } from './usePaneSize'
import { useSupabase } from './useSupabase'
import { useUnsavedChangesWarning } from './useUnsavedChangesWarning'

interface WorkspaceProps {
  userId: string
  /** Who is signed in and the way to the account page, at the foot of the list. */
  footer?: React.ReactNode
}

/** What the list says of a refused action; one refused for being offline is marked so. */
function refusal(result: { kind: string; message: string }) {
  return { message: result.message, offline: result.kind === 'offline' }
}

/** The document list's width in pixels, per device. */
const LIST_WIDTH: PaneSizeRange = { min: 200, max: 480, initial: 272 }

/**
 * The product: the document list | the open document (editor | live preview), filling the
 * window. On narrow screens one of them shows at a time: the list, or the open document.
 */
export function Workspace({ userId, footer }: WorkspaceProps) {
  const supabase = useSupabase()
  const docs = useDocuments(supabase, userId)
  const [params, setParams] = useSearchParams()
  const selectedId = params.get('doc')
  const session = useRef<DocumentSession | null>(null)
  const searchInput = useRef<HTMLInputElement>(null)
  const listItems = useRef<HTMLUListElement>(null)
  const newDocumentButton = useRef<HTMLButtonElement>(null)
  const [query, setQuery] = useState('')
  const [busy, setBusy] = useState(false)
  /** The last refused create, rename, delete or undo, and whether being offline refused it. */
  const [error, setError] = useState<{ message: string; offline: boolean } | null>(null)
  // How many documents the list held when the Free plan refused one more; null when it has not.
  const [limitHitAt, setLimitHitAt] = useState<number | null>(null)
  const [confirming, setConfirming] = useState<DocumentSummary | null>(null)
  const [undo, setUndo] = useState<{ row: WorkspaceDocument; wasOpen: boolean } | null>(null)
  const toasts = useRef<HTMLDivElement>(null)
  // The open document's way back to the list, shown on narrow screens.
  const toListButton = useRef<HTMLButtonElement>(null)
  // The document whose editor takes the focus as it opens: one just created, or the match
  // Enter opened from the search field, so that typing goes on in its text.
  const [focusEditorOf, setFocusEditorOf] = useState<string | null>(null)
  const [now, setNow] = useState(() => Date.now())
  // Narrow screens only: the list was asked for while a document is open.
  const [listOpen, setListOpen] = useState(false)
  const [listWidth, setListWidth] = usePaneSize('listWidth', LIST_WIDTH)
  const root = useRef<HTMLDivElement>(null)
  const online = useOnline()
  // "You are offline … try again once you are back online" is stale once the browser is back.
  useEffect(() => {
    if (online) setError((shown) => (shown?.offline ? null : shown))
  }, [online])

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])

  const hasUnsavedChanges = useCallback(() => session.current?.hasUnsavedChanges() ?? false, [])
  useUnsavedChangesWarning(hasUnsavedChanges)
  const onSession = useCallback((next: DocumentSession | null) => {
    session.current = next
  }, [])

  const open = useCallback(
    async (id: string | null, { flush = true } = {}) => {
      const current = session.current
      // Save before switching; text that cannot be saved now stays on this device.
      if (flush && current && current.id !== id && current.hasUnsavedChanges())
        await current.flush()
      setListOpen(false)
      setParams(id ? { doc: id } : {})
    },
    [setParams],
  )

  const create = useCallback(
    async (fields: { title: string; body?: string }) => {
      setBusy(true)
      setError(null)
      const result = await docs.create(fields)
      setBusy(false)
      if (!result.ok) {
        if (result.kind === 'plan-limit') setLimitHitAt(docs.documents.length)
        else setError(refusal(result))
        return null
      }
      setLimitHitAt(null)
      return result.data
    },
    [docs],
  )

  const createAndOpen = useCallback(
    async (fields: { title: string; body?: string } = { title: 'Untitled' }) => {
      const created = await create(fields)
      if (!created) return
      setFocusEditorOf(created.id)
      await open(created.id)
    },
    [create, open],
  )

  async function remove(document: DocumentSummary) {
    setConfirming(null)
    const position = filterByTitle(docs.documents, query).findIndex(({ id }) => id === document.id)
    const wasOpen = document.id === selectedId
    // The open text may be ahead of the server: an undo should bring back what was on screen.
    const draft = wasOpen ? session.current?.getState().draft : undefined
    if (wasOpen) await open(null, { flush: false })
    const result = await docs.remove(document.id)
    if (!result.ok) return setError(refusal(result))
    setRowLeaving({ id: document.id, position })
    setRestored(null)
    if (result.data) setUndo({ row: { ...result.data, body: draft ?? result.data.body }, wasOpen })
  }

  async function restore() {
    if (!undo) return
    const { row, wasOpen } = undo
    const byButton = !!toasts.current?.contains(document.activeElement)
    setUndo(null)
    setError(null)
    const result = await docs.restore(row.id, { title: row.title, body: row.body })
    if (!result.ok) {
      // Another document may have taken its place under the Free limit meanwhile.
      if (result.kind === 'plan-limit') setLimitHitAt(docs.documents.length)
      else setError(refusal(result))
      return
    }
    setRestored({ id: result.data.id, title: result.data.title, focusRow: byButton })
    if (wasOpen) await open(result.data.id)
  }

  // Ctrl/⌘+Z while the undo toast shows: the keyboard's way to it (shortcuts.ts).
  const undoDelete = useRef<(() => void) | null>(null)
  undoDelete.current = undo ? () => void restore() : null

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return
      const action = shortcutFor({
        key: event.key,
        code: event.code,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        inTextField: isTextField(event.target),
      })
      // Asked only for a shortcut: on every keystroke, the search would walk the whole page,
      // which with a long note's preview is tens of thousands of nodes.
      if (!action || document.querySelector('dialog[open]')) return
      if (action === 'undo-delete' && !undoDelete.current) return
      event.preventDefault()
      if (action === 'undo-delete') return undoDelete.current?.()
      if (action === 'save') void session.current?.flush()
      else if (action === 'search') {
        // On a narrow screen the list may be hidden behind the open document: it is shown
        // first, at once, so the field can take focus now. A second focus a frame later would
        // take it back from a result the arrow keys had reached meanwhile.
        flushSync(() => setListOpen(true))
        searchInput.current?.focus()
      } else void createAndOpen()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [createAndOpen])

  // A document gone since the plan said no (deleted here or on another device) made room, so
  // the prompt goes, and comes back only when the plan refuses again. Any fewer documents than
  // a moment before counts, not fewer than the limit: the list can be short of the database's
  // count (still loading, or not yet told of a document made elsewhere).
  const documentCount = docs.documents.length
  const previousCount = useRef(documentCount)
  useEffect(() => {
    if (documentCount < previousCount.current) setLimitHitAt(null)
    previousCount.current = documentCount
  }, [documentCount])
  // Already hidden on the render that shows the smaller count, not a frame later.
  const roomMade = limitHitAt !== null && documentCount < limitHitAt

  const selected = docs.documents.find((doc) => doc.id === selectedId)
  const empty = docs.status === 'ready' && docs.documents.length === 0
  const isInList = useCallback(
    (id: string) => docs.documents.some((doc) => doc.id === id),
    [docs.documents],
  )
  const reopen = useCallback((id: string) => setParams({ doc: id }, { replace: true }), [setParams])
  useLastOpenDocument({
    userId,
    selectedId,
    listReady: docs.status === 'ready',
    isInList,
    reopen,
  })

  const narrowView = selectedId && !listOpen ? 'document' : 'list'
  const { setRowLeaving, restored, setRestored, forgetRestored } = useListFocus(
    { listItems, searchInput, newDocumentButton, toListButton },
    { documents: docs.documents, query, narrowView },
  )
  const paneSizes = { '--list-width': `${listWidth}px` } as CSSProperties

  return (
    <div
      ref={root}
      className="workspace"
      data-testid="workspace"
      data-narrow-view={narrowView}
      data-empty={empty || undefined}
      style={paneSizes}
    >
      <aside
        id="workspace-documents"
        className="workspace__sidebar"
        aria-labelledby="documents-title"
      >
        <div className="workspace__sidebar-head">
          <h2 id="documents-title">Documents</h2>
          <button
            ref={newDocumentButton}
            type="button"
            className="button button--primary button--small"
            // Busy, it only looks and says so: a disabled button would drop the focus of whoever
            // pressed it to the page, and a refusal (offline, the Free limit) leaves them there.
            onClick={() => {
              if (!busy) void createAndOpen()
            }}
            disabled={!supabase}
            aria-disabled={busy || undefined}
            aria-keyshortcuts="Control+Alt+N Meta+Alt+N N"
          >
            New document
          </button>
        </div>
        <PlanNotice plan={docs.plan} count={docs.documents.length} />
        <TransferActions
          supabase={supabase}
          userId={userId}
          plan={docs.plan}
          documentCount={docs.documents.length}
          onImported={() => void docs.refresh()}
        />
        <LiveStatus live={docs.live} online={online} />
        {limitHitAt !== null && !roomMade ? (
          <UpgradePrompt
            title={`The Free plan holds ${FREE_DOCUMENT_LIMIT} documents`}
            onDismiss={() => setLimitHitAt(null)}
          >
            Delete one to make room, or go Pro for unlimited documents.
          </UpgradePrompt>
        ) : null}
        {error ? <FormMessage kind="error">{error.message}</FormMessage> : null}
        {docs.status === 'error' && docs.error ? (
          <FormMessage kind="error">{docs.error}</FormMessage>
        ) : null}
        {/* There while the list loads, so Ctrl/⌘+K and / have their field from the first moment;
            what is typed meanwhile searches the list once it is there. */}
        {docs.status === 'loading' || docs.documents.length > 0 ? (
          <DocumentList
            documents={docs.documents}
            loading={docs.status === 'loading'}
            selectedId={selectedId}
            query={query}
            onQueryChange={setQuery}
            searchRef={searchInput}
            itemsRef={listItems}
            onSelect={(id) => void open(id)}
            onOpenMatch={(id) => {
              setFocusEditorOf(id)
              void open(id)
            }}
            onRename={async (id, title) => {
              const position = filterByTitle(docs.documents, query).findIndex(
                (row) => row.id === id,
              )
              const result = await docs.rename(id, title)
              if (!result.ok) setError(refusal(result))
              // Renamed out of the search's matches, its row goes, and the focus with it.
              else setRowLeaving({ id, position })
              return result.ok
            }}
            onDelete={setConfirming}
            now={now}
            // The control beside it, there with or without documents.
            onSearchGone={() => newDocumentButton.current?.focus()}
          />
        ) : null}
        <div className="workspace__sidebar-foot">
          <p className="workspace__keys keyboard-hint">
            {SHORTCUT_HELP.map(({ keys, action }) => (
              <span key={action}>
                <ShortcutKeys keys={keys} /> {action}
              </span>
            ))}
          </p>
          {footer}
        </div>
      </aside>
      <Splitter
        label="Resize the document list"
        controls="workspace-documents"
        value={listWidth}
        min={LIST_WIDTH.min}
        max={LIST_WIDTH.max}
        step={16}
        valueText={`Document list ${listWidth} pixels wide`}
        onChange={setListWidth}
        valueAt={(clientX) => clientX - (root.current?.getBoundingClientRect().left ?? 0)}
      />
      <div className="workspace__main">
        {selectedId ? (
          <button
            ref={toListButton}
            type="button"
            className="button button--small workspace__to-list"
            onClick={() => setListOpen(true)}
          >
            <span aria-hidden="true">←</span> All documents
          </button>
        ) : null}
        {/* An open document wins over the empty state: if it was the last one and vanished,
            its unsaved text must still be offered. */}
        {selectedId ? (
          <DocumentEditor
            key={selectedId}
            supabase={supabase}
            userId={userId}
            documentId={selectedId}
            title={selected?.title ?? 'Untitled'}
            plan={docs.plan}
            autoFocus={focusEditorOf === selectedId}
            onRemoteChange={docs.onRemoteChange}
            onSession={onSession}
            onSaveAsNew={(body) =>
              void createAndOpen({ title: `${selected?.title ?? 'Untitled'} (restored)`, body })
            }
            onClose={() => void open(null, { flush: false })}
          />
        ) : empty ? (
          <EmptyState
            busy={busy}
            onCreate={() => void createAndOpen()}
            onCreateSample={() => void createAndOpen(SAMPLE_DOCUMENT)}
          />
        ) : docs.status === 'ready' ? (
          <p className="status-note pane-note">
            Pick a document from the list, or start a new one
            <span className="keyboard-hint">
              {' '}
              with <kbd>Ctrl/⌘</kbd>+<kbd>Alt</kbd>+<kbd>N</kbd>
            </span>
            .
          </p>
        ) : null}
      </div>
      {confirming ? (
        <ConfirmDialog
          title={`Delete “${confirming.title}”?`}
          message="The document and its text are removed. You can undo this for a few seconds."
          confirmLabel="Delete"
          onConfirm={() => void remove(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {/* On the page from the start and out of the grid's flow, so that each toast is news. */}
      <div
        ref={toasts}
        className="workspace__toasts"
        role="status"
        aria-live={restored?.saidByFocus ? 'off' : 'polite'}
      >
        {undo ? (
          <UndoToast
            message={`Deleted “${undo.row.title}”.`}
            onUndo={() => void restore()}
            onExpire={() => setUndo(null)}
          />
        ) : restored?.saidByFocus !== undefined ? (
          <UndoToast
            message={`Restored “${restored.title}”.`}
            onExpire={forgetRestored}
            durationMs={4000}
          />
        ) : null}
      </div>
    </div>
  )
}
