import { useState } from 'react'
import type { SupabaseClient } from '@supabase/supabase-js'
import { FormMessage } from '../../../components/FormMessage'
import { offlineMessage } from '../documentsApi'
import type { PlanId } from '../types'
import { supabaseUrl } from '../useSignedAttachments'
import { IMPORT_NOT_STARTED } from '../transfer/importMessages'
import type { ImportDialog as ImportDialogComponent } from './ImportDialog'

interface TransferActionsProps {
  supabase: SupabaseClient | null
  userId: string
  plan: PlanId | null
  documentCount: number
  onImported: () => void
}

type Status =
  | { kind: 'idle' }
  | { kind: 'exporting'; done: number; total: number }
  | { kind: 'done'; text: string }
  | { kind: 'error'; text: string }

/** Asked afresh each time: the connection can go in the middle of an export. */
const isOffline = () => navigator.onLine === false

const plural = (count: number, one: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : `${one}s`}`

/**
 * The import dialog's code, fetched when someone is about to import (pointing at or focusing
 * Import…, at the latest pressing it), not with every note: most visits never import. Offline it
 * is not asked for: it could not arrive, and a module that failed to load stays failed in the
 * tab. Importing needs the connection anyway.
 */
let importDialog: Promise<typeof ImportDialogComponent | null> | undefined
let loadedImportDialog: typeof ImportDialogComponent | undefined
function loadImportDialog(): Promise<typeof ImportDialogComponent | null> {
  importDialog ??= import('./ImportDialog').then(
    (module) => (loadedImportDialog = module.ImportDialog),
    () => {
      importDialog = undefined
      return null
    },
  )
  return importDialog
}

/** Export everything as a zip, import markdown back: the way in and out of Folio. */
export function TransferActions(props: TransferActionsProps) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const [importing, setImporting] = useState(false)
  const [ImportDialog, setImportDialog] = useState<typeof ImportDialogComponent | null>(null)
  const { supabase } = props

  function fetchImportDialogAhead() {
    if (!isOffline()) void loadImportDialog()
  }

  async function openImport() {
    setStatus({ kind: 'idle' })
    if (!loadedImportDialog && isOffline()) {
      setStatus({ kind: 'error', text: offlineMessage('import your documents') })
      return
    }
    const dialog = loadedImportDialog ?? (await loadImportDialog())
    if (!dialog) {
      setStatus({
        kind: 'error',
        text: isOffline() ? offlineMessage('import your documents') : IMPORT_NOT_STARTED,
      })
      return
    }
    // A component kept in state is set through a function, or React would call it.
    setImportDialog(() => dialog)
    setImporting(true)
  }

  async function exportAll() {
    if (!supabase) return
    // Offline, supabase-js is not asked: documentsApi.ts (offlineAlready) says why.
    if (isOffline()) {
      setStatus({ kind: 'error', text: offlineMessage('export your documents') })
      return
    }
    setStatus({ kind: 'exporting', done: 0, total: props.documentCount })
    try {
      const { runExport } = await import('../transfer/runExport')
      const result = await runExport(supabase, supabaseUrl(), ({ done, total }) =>
        setStatus({ kind: 'exporting', done, total }),
      )
      if (result.documents === 0) {
        setStatus({ kind: 'done', text: 'Nothing to export yet: write or import a note first.' })
        return
      }
      setStatus({
        kind: 'done',
        text:
          `Exported ${plural(result.documents, 'document')}` +
          (result.attachments ? ` and ${plural(result.attachments, 'image')}` : '') +
          '.' +
          (result.missing
            ? ` ${plural(result.missing, 'linked image')} could not be found and kept ${result.missing === 1 ? 'its' : 'their'} link.`
            : ''),
      })
    } catch {
      setStatus({
        kind: 'error',
        text: isOffline()
          ? offlineMessage('export your documents')
          : 'The export stopped before it finished. Check your connection and try again.',
      })
    }
  }

  return (
    <div className="transfer-actions">
      <div className="button-row">
        <button
          type="button"
          className="button button--small"
          // While exporting it only looks disabled: a disabled button would drop the focus of
          // whoever pressed it to the page (as New document, Workspace.tsx).
          onClick={() => {
            if (status.kind !== 'exporting') void exportAll()
          }}
          disabled={!supabase}
          aria-disabled={status.kind === 'exporting' || undefined}
        >
          Export all (.zip)
        </button>
        <button
          type="button"
          className="button button--small"
          onPointerEnter={fetchImportDialogAhead}
          onFocus={fetchImportDialogAhead}
          onClick={() => void openImport()}
          disabled={!supabase}
        >
          Import…
        </button>
      </div>
      {status.kind === 'exporting' ? (
        <p className="status-note" role="status">
          Exporting… {status.done.toLocaleString('en')} of {plural(status.total, 'document')}
          <progress value={status.done} max={Math.max(status.total, 1)} aria-label="Export" />
        </p>
      ) : null}
      {status.kind === 'done' ? <FormMessage kind="success">{status.text}</FormMessage> : null}
      {status.kind === 'error' ? <FormMessage kind="error">{status.text}</FormMessage> : null}
      {importing && supabase && ImportDialog ? (
        <ImportDialog
          supabase={supabase}
          userId={props.userId}
          plan={props.plan}
          existingDocuments={props.documentCount}
          onClose={() => setImporting(false)}
          onImported={(count) => {
            setImporting(false)
            setStatus({ kind: 'done', text: `Imported ${plural(count, 'document')}.` })
            props.onImported()
          }}
        />
      ) : null}
    </div>
  )
}
