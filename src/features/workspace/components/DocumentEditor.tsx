import { useCallback, useEffect, useRef, useState } from 'react'
import type { SupabaseClient } from '@supabase/supabase-js'
import { FormMessage } from '../../../components/FormMessage'
import type { DocumentSession } from '../documentSession'
import type { MarkdownEditorHandle } from '../editor/createMarkdownEditor'
import type { Plan } from '../types'
import { useDarkMode } from '../useDarkMode'
import { useDocumentSession } from '../useDocumentSession'
import type { RemoteChangeListener } from '../useDocuments'
import { downloadFile } from '../transfer/download'
import { safeFileStem } from '../transfer/fileNames'
import { toMarkdownFile } from '../transfer/markdownFile'
import { uploadAttachments } from '../uploadAttachments'
import { ConflictPanel } from './ConflictPanel'
import { DeletedPanel } from './DeletedPanel'
import { MarkdownEditor } from './MarkdownEditor'
import { MarkdownPreview } from './MarkdownPreview'
import { RestoredDraftNotice } from './RestoredDraftNotice'
import { SaveStatus } from './SaveStatus'
import { SizeWarning } from './SizeWarning'
import { UpgradePrompt } from './UpgradePrompt'

interface DocumentEditorProps {
  supabase: SupabaseClient | null
  userId: string
  documentId: string
  title: string
  plan: Plan | null
  autoFocus: boolean
  onRemoteChange: (listener: RemoteChangeListener) => () => void
  /** The open session, for the page: flush before switching, warn before leaving. */
  onSession: (session: DocumentSession | null) => void
  onSaveAsNew: (body: string) => void
  onClose: () => void
}

type Notice = { kind: 'error' | 'info'; text: string } | { kind: 'upgrade'; text: string }

/** One open document: editor and live preview side by side, autosave state, conflicts. */
export function DocumentEditor(props: DocumentEditorProps) {
  const { supabase, documentId, onRemoteChange, onSession } = props
  const { open, state } = useDocumentSession(supabase, props.userId, documentId, onRemoteChange)
  const session = open.status === 'ready' ? open.session : null
  const dark = useDarkMode()
  const editor = useRef<MarkdownEditorHandle | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)

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
        <button
          type="button"
          className="button button--small"
          onClick={() =>
            // What is on screen, saved or not: the person downloads the text they see.
            downloadFile(
              `${safeFileStem(props.title)}.md`,
              new Blob([toMarkdownFile({ ...state.base, title: props.title, body: state.draft })], {
                type: 'text/markdown;charset=utf-8',
              }),
            )
          }
        >
          Download .md
        </button>
      </div>
      {open.restoredAt !== null ? <RestoredDraftNotice keptAt={open.restoredAt} /> : null}
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
      <div className="doc-editor__panes">
        <div className="doc-editor__pane">
          <MarkdownEditor
            session={session}
            replacedRevision={state.replacedRevision}
            dark={dark}
            label={`Markdown of “${props.title}”`}
            autoFocus={props.autoFocus}
            onSave={saveNow}
            onFiles={attachFiles}
            handleRef={editor}
          />
        </div>
        {/* Focusable so keyboard users can scroll a long preview. */}
        <div className="doc-editor__pane" aria-label="Preview" role="region" tabIndex={0}>
          <MarkdownPreview markdown={state.draft} />
        </div>
      </div>
    </section>
  )
}
