import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react'
import type { SupabaseClient } from '@supabase/supabase-js'
import { FormMessage } from '../../../components/FormMessage'
import type { DocumentSession } from '../documentSession'
import type { MarkdownEditorHandle } from '../editor/createMarkdownEditor'
import type { PlanId } from '../types'
import { useDarkMode } from '../useDarkMode'
import { useDocumentSession } from '../useDocumentSession'
import { useOnline } from '../useOnline'
import { usePaneSize, type PaneSizeRange } from '../usePaneSize'
import { createScrollSync } from '../scrollSync'
import type { RemoteChangeListener } from '../useDocuments'
import { downloadFile } from '../transfer/download'
import { safeFileStem } from '../transfer/fileNames'
import { toMarkdownFile } from '../transfer/markdownFile'
import { IMAGES_ARE_PRO } from '../attachments'
import { uploadAttachments } from '../uploadAttachments'
import { AddImageButton } from './AddImageButton'
import { ConflictPanel } from './ConflictPanel'
import { DeletedPanel } from './DeletedPanel'
import { MarkdownEditor } from './MarkdownEditor'
import { MarkdownPreview } from './MarkdownPreview'
import { RestoredDraftNotice } from './RestoredDraftNotice'
import { SaveStatus } from './SaveStatus'
import { PaneSwitch, type PaneName } from './PaneSwitch'
import { SizeWarning } from './SizeWarning'
import { Splitter } from './Splitter'
import { UpgradePrompt } from './UpgradePrompt'

interface DocumentEditorProps {
  supabase: SupabaseClient | null
  userId: string
  documentId: string
  title: string
  plan: PlanId | null
  autoFocus: boolean
  onRemoteChange: (listener: RemoteChangeListener) => () => void
  /** The open session, for the page: flush before switching, warn before leaving. */
  onSession: (session: DocumentSession | null) => void
  onSaveAsNew: (body: string) => void
  onClose: () => void
}

type Notice = { kind: 'error' | 'info'; text: string } | { kind: 'upgrade'; text: string }

/** The editor's share of the width beside the preview, in percent, per device. */
const EDITOR_SHARE: PaneSizeRange = { min: 20, max: 80, initial: 50 }

/** One open document: editor and live preview side by side, autosave state, conflicts. */
export function DocumentEditor(props: DocumentEditorProps) {
  const { supabase, documentId, onRemoteChange, onSession } = props
  const { open, state } = useDocumentSession(supabase, props.userId, documentId, onRemoteChange)
  const session = open.status === 'ready' ? open.session : null
  const dark = useDarkMode()
  const online = useOnline()
  const editor = useRef<MarkdownEditorHandle | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const [editorShare, setEditorShare] = usePaneSize('editorShare', EDITOR_SHARE)
  // Narrow screens show one pane at a time.
  const [shownPane, setShownPane] = useState<PaneName>('editor')
  const panes = useRef<HTMLDivElement>(null)
  // The preview follows the editor's scrolling (scrollSync.ts), one per open document.
  const [scrollSync] = useState(createScrollSync)
  useEffect(() => () => scrollSync.dispose(), [scrollSync])
  const detachPreview = useRef<(() => void) | null>(null)
  const previewPane = useCallback(
    (pane: HTMLDivElement | null) => {
      detachPreview.current?.()
      detachPreview.current = pane ? scrollSync.attachPreview(pane) : null
    },
    [scrollSync],
  )

  useEffect(() => {
    onSession(session)
    return () => onSession(null)
  }, [session, onSession])

  const saveNow = useCallback(() => void session?.flush(), [session])

  const attachFiles = useCallback(
    (files: File[], position: number) => {
      if (!supabase) return
      void uploadAttachments({
        supabase,
        userId: props.userId,
        documentId,
        plan: props.plan,
        files,
        onProgress: (text) => setNotice({ kind: 'info', text }),
        onDone: (markdown) => {
          editor.current?.insertAt(position, markdown)
          setNotice(null)
        },
        onError: (text, upgrade) => setNotice({ kind: upgrade ? 'upgrade' : 'error', text }),
      })
    },
    [supabase, props.userId, props.plan, documentId],
  )

  if (open.status === 'loading') return <p className="status-note pane-note">Opening…</p>
  if (open.status === 'missing') {
    const { keptText, forgetKeptText } = open
    return keptText ? (
      <DeletedPanel
        hasText
        onSaveAsNew={() => {
          props.onSaveAsNew(keptText)
          forgetKeptText()
        }}
        onClose={() => {
          forgetKeptText()
          props.onClose()
        }}
      />
    ) : (
      <p className="status-note pane-note" role="status">
        This document does not exist any more. Pick another one from the list.
      </p>
    )
  }
  if (open.status === 'error' || !state || !session)
    return (
      <FormMessage kind="error">{open.status === 'error' ? open.message : 'Opening…'}</FormMessage>
    )

  return (
    <section className="doc-editor" aria-labelledby="doc-editor-title">
      <div className="doc-editor__bar">
        <h2 id="doc-editor-title" className="doc-editor__title">
          {props.title}
        </h2>
        <SaveStatus state={state} onRetry={() => session.retryNow()} />
        <div className="doc-editor__actions">
          <AddImageButton
            canAttach={props.plan === 'pro'}
            onRefused={() => setNotice({ kind: 'upgrade', text: IMAGES_ARE_PRO })}
            onFiles={(files) => attachFiles(files, editor.current?.cursor() ?? state.draft.length)}
          />
          <button
            type="button"
            className="button button--small"
            onClick={() =>
              // What is on screen, saved or not: the person downloads the text they see.
              downloadFile(
                `${safeFileStem(props.title)}.md`,
                new Blob(
                  [toMarkdownFile({ ...state.base, title: props.title, body: state.draft })],
                  {
                    type: 'text/markdown;charset=utf-8',
                  },
                ),
              )
            }
          >
            Download .md
          </button>
        </div>
      </div>
      {open.fromDevice && !online ? (
        <FormMessage kind="info">
          You are offline, so this note is opened from what this device kept. Your changes are kept
          here and saved when you reconnect.
        </FormMessage>
      ) : open.restoredAt !== null ? (
        <RestoredDraftNotice keptAt={open.restoredAt} />
      ) : null}
      <SizeWarning draft={state.draft} />
      {state.status === 'conflict' && state.theirs ? (
        <ConflictPanel
          mine={state.draft}
          theirs={state.theirs}
          onChoose={(choice) => session.resolveConflict(choice)}
        />
      ) : null}
      {state.status === 'deleted' ? (
        <DeletedPanel
          hasText={state.draft.trim().length > 0}
          onSaveAsNew={() => props.onSaveAsNew(state.draft)}
          onClose={props.onClose}
        />
      ) : null}
      {notice?.kind === 'upgrade' ? (
        <UpgradePrompt title="Images are a Pro feature" onDismiss={() => setNotice(null)}>
          {notice.text}
        </UpgradePrompt>
      ) : notice ? (
        <FormMessage kind={notice.kind}>{notice.text}</FormMessage>
      ) : null}
      <PaneSwitch shown={shownPane} onShow={setShownPane} />
      <div
        ref={panes}
        className="doc-editor__panes"
        data-shown={shownPane}
        style={{ '--editor-share': `${editorShare}%` } as CSSProperties}
      >
        <div id="doc-editor-pane" className="doc-editor__pane doc-editor__pane--editor">
          <MarkdownEditor
            session={session}
            replacedRevision={state.replacedRevision}
            dark={dark}
            label={`Markdown of “${props.title}”`}
            autoFocus={props.autoFocus}
            onSave={saveNow}
            onFiles={attachFiles}
            handleRef={editor}
            follow={scrollSync}
          />
        </div>
        <Splitter
          label="Resize the editor and the preview"
          controls="doc-editor-pane"
          value={editorShare}
          min={EDITOR_SHARE.min}
          max={EDITOR_SHARE.max}
          step={5}
          valueText={`Editor ${editorShare}%, preview ${100 - editorShare}%`}
          onChange={setEditorShare}
          valueAt={(clientX) => {
            const box = panes.current?.getBoundingClientRect()
            return box ? ((clientX - box.left) / box.width) * 100 : editorShare
          }}
        />
        {/* Focusable so keyboard users can scroll a long preview. */}
        <div
          ref={previewPane}
          className="doc-editor__pane doc-editor__pane--preview"
          aria-label="Preview"
          role="region"
          tabIndex={0}
        >
          <MarkdownPreview markdown={state.draft} onPlaced={scrollSync.previewPlaced} />
        </div>
      </div>
    </section>
  )
}
