import { useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { SupabaseClient } from '@supabase/supabase-js'
import { FormMessage } from '../../../components/FormMessage'
import { useModalDialog } from '../../../components/useModalDialog'
import { offlineMessage } from '../documentsApi'
import { importLimits, type ImportLimits } from '../transfer/importLimits'
import { IMPORT_NOT_STARTED } from '../transfer/importMessages'
import type { ImportSelection } from '../transfer/readImport'
import type { PlanId } from '../types'
import { supabaseUrl } from '../useSignedAttachments'

interface ImportDialogProps {
  supabase: SupabaseClient
  userId: string
  /** Null until the account's plan has loaded: what the plan allows is then not yet known. */
  plan: PlanId | null
  existingDocuments: number
  onImported: (count: number) => void
  onClose: () => void
}

type Step =
  | { kind: 'choose' }
  | { kind: 'reading' }
  | { kind: 'review'; selection: ImportSelection; images: number; imageBytes: number }
  /** `cancellable`: nothing sent of the documents yet (writeImport.ts, `signal`). */
  | { kind: 'writing'; progress: string; cancellable: boolean }
  | { kind: 'failed'; message: string; planLimit: boolean }

const SHOWN_TITLES = 8

const CANCELLING = 'Cancelling: removing the images uploaded so far…'

/** The plan's refusal, which also describes the Import button it disables. */
const BLOCKED_ID = 'import-dialog-blocked'

/**
 * Import: drop or choose `.md` files or a zip; see what would be created, every file that
 * cannot be used (by name) and what the plan allows, before anything is written. Parsing and
 * the zip library load only when files are chosen.
 */
export function ImportDialog(props: ImportDialogProps) {
  // Focus goes back to Import… when the dialog closes, however it closes.
  const dialog = useModalDialog()
  const input = useRef<HTMLInputElement>(null)
  const [step, setStep] = useState<Step>({ kind: 'choose' })
  const [dragging, setDragging] = useState(false)
  const cancelWriting = useRef<AbortController | null>(null)

  async function choose(files: File[]) {
    if (files.length === 0) return
    setStep({ kind: 'reading' })
    // The reader comes on first use; with the connection gone since the dialog opened it cannot
    // arrive, and the dialog would say "Reading your files…" for ever.
    const reader = await import('../transfer/readImport').catch(() => null)
    if (!reader) {
      setStep({
        kind: 'failed',
        message:
          navigator.onLine === false ? offlineMessage('read your files') : IMPORT_NOT_STARTED,
        planLimit: false,
      })
      return
    }
    const { readImportFiles, imageCount, imageBytes } = reader
    const selection = await readImportFiles(files)
    setStep({
      kind: 'review',
      selection,
      images: imageCount(selection.documents),
      imageBytes: imageBytes(selection.documents),
    })
  }

  // What the plan allows is worked out on every render, not when the files were read: a plan
  // that finishes loading (or changes) while the dialog is open is what the review shows.
  const limits =
    step.kind === 'review' && props.plan
      ? importLimits(
          props.plan,
          props.existingDocuments,
          step.selection.documents.length,
          step.images,
          step.imageBytes,
        )
      : null

  async function write(selection: ImportSelection, plan: PlanId) {
    // Offline, supabase-js is not asked (documentsApi.ts, offlineAlready, says why), nor is the
    // code that writes fetched: it could not arrive, and the dialog waited on "Preparing…".
    if (navigator.onLine === false) {
      setStep({
        kind: 'failed',
        message: offlineMessage('import your documents'),
        planLimit: false,
      })
      return
    }
    const cancel = new AbortController()
    cancelWriting.current = cancel
    setStep({ kind: 'writing', progress: 'Preparing…', cancellable: true })
    const loaded = await import('../transfer/writeImport').catch(() => null)
    if (!loaded) {
      setStep({ kind: 'failed', message: IMPORT_NOT_STARTED, planLimit: false })
      return
    }
    const outcome = await loaded.writeImport({
      supabase: props.supabase,
      userId: props.userId,
      supabaseUrl: supabaseUrl(),
      plan,
      documents: selection.documents,
      signal: cancel.signal,
      onProgress: (progress, stage) =>
        setStep({
          kind: 'writing',
          progress: cancel.signal.aborted ? CANCELLING : progress,
          cancellable: stage === 'uploading',
        }),
    })
    if (outcome.ok) props.onImported(outcome.ids.length)
    // Cancelled: the images uploaded so far are removed by now, and nothing was written.
    else if (outcome.cancelled) props.onClose()
    else setStep({ kind: 'failed', message: outcome.message, planLimit: outcome.planLimit })
  }

  const busy = step.kind === 'reading' || step.kind === 'writing'
  // While images upload, Cancel (or Escape) stops the import; once the documents are sent, it
  // waits for their answer.
  const canCancel = !busy || (step.kind === 'writing' && step.cancellable)
  function cancel() {
    if (step.kind !== 'writing') return props.onClose()
    if (!step.cancellable) return
    cancelWriting.current?.abort()
    setStep({ ...step, progress: CANCELLING })
  }
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog import-dialog"
      aria-labelledby="import-dialog-title"
      aria-busy={busy}
      onCancel={(event) => {
        event.preventDefault()
        if (canCancel) cancel()
      }}
    >
      <h2 id="import-dialog-title">Import documents</h2>
      {step.kind === 'choose' ? (
        <label
          className={`drop-zone${dragging ? ' drop-zone--over' : ''}`}
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault()
            setDragging(false)
            void choose([...event.dataTransfer.files])
          }}
        >
          <span className="drop-zone__title">Drop markdown files or a zip here</span>
          <span className="drop-zone__hint">
            or choose them: <code>.md</code> files, a Folio export, or a zip of a folder of notes
          </span>
          <input
            ref={input}
            type="file"
            multiple
            accept=".md,.markdown,.zip,text/markdown,application/zip"
            aria-label="Choose markdown files or a zip to import"
            onChange={(event) => void choose([...(event.target.files ?? [])])}
          />
        </label>
      ) : null}
      {step.kind === 'reading' ? (
        <p className="status-note" role="status">
          Reading your files…
        </p>
      ) : null}
      {step.kind === 'review' ? <Review step={step} limits={limits} plan={props.plan} /> : null}
      {step.kind === 'writing' ? (
        <p className="status-note" role="status">
          {step.progress}
        </p>
      ) : null}
      {step.kind === 'failed' ? (
        <FormMessage kind="error">
          <p>{step.message}</p>
          {step.planLimit ? <Link to="/pricing">Upgrade to Pro</Link> : null}
        </FormMessage>
      ) : null}
      <div className="button-row">
        {/* With no document among the files there is nothing to import: no "Import 0 documents". */}
        {step.kind === 'review' && step.selection.documents.length > 0 ? (
          <button
            type="button"
            className="button button--primary"
            disabled={
              step.selection.problems.length > 0 || limits === null || limits.blocked !== null
            }
            aria-describedby={limits?.blocked ? BLOCKED_ID : undefined}
            onClick={() => props.plan && void write(step.selection, props.plan)}
          >
            Import {step.selection.documents.length}{' '}
            {step.selection.documents.length === 1 ? 'document' : 'documents'}
          </button>
        ) : null}
        {step.kind === 'review' || step.kind === 'failed' ? (
          <button type="button" className="button" onClick={() => setStep({ kind: 'choose' })}>
            Choose other files
          </button>
        ) : null}
        <button type="button" className="button" onClick={cancel} disabled={!canCancel}>
          Cancel
        </button>
      </div>
    </dialog>
  )
}

function Review({
  step,
  limits,
  plan,
}: {
  step: Extract<Step, { kind: 'review' }>
  /** Null while the plan is still loading. */
  limits: ImportLimits | null
  plan: PlanId | null
}) {
  const { selection, images } = step
  const titles = selection.documents.map((document) => document.title)
  const ready = limits !== null && !limits.blocked && selection.problems.length === 0
  return (
    <div className="import-dialog__review">
      {selection.problems.length > 0 ? (
        <FormMessage kind="error">
          <p>
            {selection.problems.length === 1
              ? 'This file cannot be imported; nothing is imported until it is fixed or left out:'
              : 'These files cannot be imported; nothing is imported until they are fixed or left out:'}
          </p>
          <ul>
            {selection.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </FormMessage>
      ) : null}
      {limits === null ? (
        <p className="status-note" role="status">
          Checking what your plan allows…
        </p>
      ) : null}
      {limits?.blocked ? (
        <FormMessage kind="error">
          <p id={BLOCKED_ID}>{limits.blocked}</p>
          {/* Pro's own limit (what an import uploads) is not lifted by upgrading. */}
          {plan === 'pro' ? null : <Link to="/pricing">Upgrade to Pro</Link>}
        </FormMessage>
      ) : null}
      {limits?.notes.map((note) => (
        <FormMessage key={note} kind="info">
          {note}
        </FormMessage>
      ))}
      {titles.length > 0 ? (
        <>
          <p>
            {/* Not "ready" above an Import button that cannot be pressed. */}
            {ready ? 'Ready to import' : 'Found'} {titles.length}{' '}
            {titles.length === 1 ? 'document' : 'documents'}
            {images > 0 && limits && !limits.notes.length
              ? ` with ${images} ${images === 1 ? 'image' : 'images'}`
              : ''}
            :
          </p>
          <ul className="import-dialog__titles" aria-label="Documents to import">
            {titles.slice(0, SHOWN_TITLES).map((title, index) => (
              <li key={`${index}-${title}`}>{title}</li>
            ))}
            {titles.length > SHOWN_TITLES ? <li>and {titles.length - SHOWN_TITLES} more</li> : null}
          </ul>
        </>
      ) : null}
    </div>
  )
}
