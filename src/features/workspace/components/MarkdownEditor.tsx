import { useEffect, useRef, useState } from 'react'
import type { DocumentSession } from '../documentSession'
import type { MarkdownEditorHandle } from '../editor/createMarkdownEditor'
import type { ScrollFollower } from '../editor/scrollAnchor'

interface MarkdownEditorProps {
  session: DocumentSession
  /** Bumps when the session's text was replaced from outside. */
  replacedRevision: number
  dark: boolean
  label: string
  autoFocus?: boolean
  onSave: () => void
  onFiles: (files: File[], position: number) => void
  handleRef: React.MutableRefObject<MarkdownEditorHandle | null>
  /** Follows the editor's scrolling (the preview); read when the editor is created. */
  follow?: ScrollFollower<unknown>
}

/** CodeMirror, downloaded the first time a document is opened. */
export function MarkdownEditor({
  session,
  replacedRevision,
  dark,
  label,
  autoFocus,
  onSave,
  onFiles,
  handleRef,
  follow,
}: MarkdownEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const [phase, setPhase] = useState<'loading' | 'ready' | 'failed'>('loading')
  // The editor is built once per session; these always reach the latest callbacks.
  const latest = useRef({ onSave, onFiles, dark })
  latest.current = { onSave, onFiles, dark }

  useEffect(() => {
    let handle: MarkdownEditorHandle | null = null
    let detach = () => {}
    let cancelled = false
    import('../editor/createMarkdownEditor').then(
      ({ createMarkdownEditor }) => {
        if (cancelled || !host.current) return
        handle = createMarkdownEditor({
          parent: host.current,
          doc: session.getState().draft,
          dark: latest.current.dark,
          label,
          onChange: (text) => session.edit(text),
          onTyping: () => session.noteTyping(),
          onSave: () => latest.current.onSave(),
          onFiles: (files, position) => latest.current.onFiles(files, position),
          follow,
        })
        handleRef.current = handle
        detach = session.attachPendingText(handle.flushChanges)
        setPhase('ready')
        if (autoFocus) handle.focus()
      },
      () => setPhase('failed'),
    )
    return () => {
      cancelled = true
      detach()
      handle?.destroy()
      if (handleRef.current === handle) handleRef.current = null
    }
    // One editor per open document; focus and follower are read when it is created.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session])

  useEffect(() => {
    handleRef.current?.replaceDoc(session.getState().draft)
  }, [replacedRevision, session, handleRef])

  useEffect(() => {
    handleRef.current?.setDark(dark)
  }, [dark, handleRef, phase])

  // A new note takes its name from its first heading as it is typed, or is renamed: the text
  // area's name follows, or a screen reader went on calling it by the name it opened with.
  useEffect(() => {
    handleRef.current?.setLabel(label)
  }, [label, handleRef, phase])

  return (
    <div className="markdown-editor" data-testid="markdown-editor" data-ready={phase === 'ready'}>
      {phase === 'loading' ? <p className="status-note pane-note">Loading the editor…</p> : null}
      {phase === 'failed' ? (
        <p className="form-message form-message--error" role="alert">
          The editor could not be loaded. Check your connection and reload the page; your saved text
          is safe.
        </p>
      ) : null}
      <div ref={host} className="markdown-editor__host" />
    </div>
  )
}
