/**
 * The export as the dashboard runs it: documents from the database in pages (oldest first, so
 * an edit during the export cannot move a document between pages), linked images from
 * storage, the zip handed to the browser's downloads. Loaded on demand with fflate.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { ATTACHMENTS_BUCKET } from '../attachments'
import { downloadFile } from './download'
import { buildExportZip, type ExportProgress, type ExportSource } from './exportZip'

const EXPORT_COLUMNS = 'id, title, body, created_at, updated_at'

/**
 * Every document the user has (row-level security shows only theirs), leaving out the ones in
 * the trash (deleted_at), as the document list does.
 */
export function databaseExportSource(supabase: SupabaseClient): ExportSource {
  return {
    async count() {
      const { count, error } = await supabase
        .from('documents')
        .select('id', { count: 'exact', head: true })
        .is('deleted_at', null)
      if (error) throw new Error(error.message)
      return count ?? 0
    },
    async page(offset, limit) {
      const { data, error } = await supabase
        .from('documents')
        .select(EXPORT_COLUMNS)
        .is('deleted_at', null)
        .order('created_at', { ascending: true })
        .order('id', { ascending: true })
        .range(offset, offset + limit - 1)
      if (error || !data) throw new Error(error?.message ?? 'no data')
      return data
    },
    async attachment(path) {
      const { data, error } = await supabase.storage.from(ATTACHMENTS_BUCKET).download(path)
      if (error || !data) return null
      return new Uint8Array(await data.arrayBuffer())
    },
  }
}

export function exportFileName(now = new Date()): string {
  return `folio-export-${now.toISOString().slice(0, 10)}.zip`
}

export async function runExport(
  supabase: SupabaseClient,
  supabaseUrl: string,
  onProgress: (progress: ExportProgress) => void,
): Promise<{ documents: number; attachments: number; missing: number }> {
  const result = await buildExportZip(databaseExportSource(supabase), supabaseUrl, onProgress)
  // An account with no documents would get a zip holding nothing: the caller says so instead.
  if (result.documents > 0) downloadFile(exportFileName(), result.zip)
  return {
    documents: result.documents,
    attachments: result.attachments,
    missing: result.missing.length,
  }
}
