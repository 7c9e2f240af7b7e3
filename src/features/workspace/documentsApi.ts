/**
 * Folio's documents through supabase-js. Every call answers with data or a sentence to show;
 * row-level security in the database decides what a user may see and change.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { dataErrorMessage } from '../../lib/serviceErrorMessages'
import type { SaveOutcome } from './documentSession'
import { PLAN_LIMIT_MESSAGE, isPlanLimitError } from './planLimits'
import type { DocumentSummary, Plan, WorkspaceDocument } from './types'

const SUMMARY_COLUMNS = 'id, title, version, updated_at'
const DOCUMENT_COLUMNS = 'id, title, body, version, created_at, updated_at'

export const OFFLINE_MESSAGE =
  'You are offline. Your text is kept here and saved when you reconnect.'

interface PostgrestLikeError {
  code?: string
  message?: string
}

export type Result<T> =
  { ok: true; data: T } | { ok: false; kind: 'offline' | 'plan-limit' | 'failed'; message: string }

/** postgrest-js answers a failed fetch with status 0 instead of throwing. */
function failure(
  error: PostgrestLikeError | null,
  status: number,
  action = 'save this',
): Extract<Result<never>, { ok: false }> {
  if (isPlanLimitError(error)) return { ok: false, kind: 'plan-limit', message: PLAN_LIMIT_MESSAGE }
  if (status === 0 || (typeof navigator !== 'undefined' && navigator.onLine === false))
    return { ok: false, kind: 'offline', message: OFFLINE_MESSAGE }
  return {
    ok: false,
    kind: 'failed',
    // PostgREST's message is for developers (it can name tables and policies): words instead.
    message: dataErrorMessage(error, status, action),
  }
}

export async function listDocuments(supabase: SupabaseClient): Promise<Result<DocumentSummary[]>> {
  const { data, error, status } = await supabase
    .from('documents')
    .select(SUMMARY_COLUMNS)
    .order('updated_at', { ascending: false })
  if (error || !data) return failure(error, status, 'load your documents')
  return { ok: true, data: data as DocumentSummary[] }
}

export async function getDocument(
  supabase: SupabaseClient,
  id: string,
): Promise<Result<WorkspaceDocument | null>> {
  const { data, error, status } = await supabase
    .from('documents')
    .select(DOCUMENT_COLUMNS)
    .eq('id', id)
    .maybeSingle()
  if (error) return failure(error, status, 'open this document')
  return { ok: true, data: data as WorkspaceDocument | null }
}

/** `id` is given only to restore a deleted document (undo); the database sets the rest. */
export async function createDocument(
  supabase: SupabaseClient,
  fields: { title: string; body?: string; id?: string },
): Promise<Result<WorkspaceDocument>> {
  const { data, error, status } = await supabase
    .from('documents')
    .insert(fields)
    .select(DOCUMENT_COLUMNS)
    .single()
  if (error || !data) return failure(error, status, 'create the document')
  return { ok: true, data: data as WorkspaceDocument }
}

export async function renameDocument(
  supabase: SupabaseClient,
  id: string,
  title: string,
): Promise<Result<DocumentSummary>> {
  const { data, error, status } = await supabase
    .from('documents')
    .update({ title })
    .eq('id', id)
    .select(SUMMARY_COLUMNS)
    .single()
  if (error || !data) return failure(error, status, 'rename the document')
  return { ok: true, data: data as DocumentSummary }
}

/** Deletes and hands back the whole row, so an undo can put it back. */
export async function deleteDocument(
  supabase: SupabaseClient,
  id: string,
): Promise<Result<WorkspaceDocument | null>> {
  const { data, error, status } = await supabase
    .from('documents')
    .delete()
    .eq('id', id)
    .select(DOCUMENT_COLUMNS)
  if (error || !data) return failure(error, status, 'delete the document')
  return { ok: true, data: (data[0] as WorkspaceDocument | undefined) ?? null }
}

/**
 * The optimistic save: accepted only while the row still has the version the text was based
 * on. Zero rows back means someone saved in between; the current row is fetched for the
 * person to compare.
 */
export async function saveDocumentBody(
  supabase: SupabaseClient,
  id: string,
  body: string,
  baseVersion: number,
): Promise<SaveOutcome> {
  const { data, error, status } = await supabase
    .from('documents')
    .update({ body })
    .eq('id', id)
    .eq('version', baseVersion)
    .select(DOCUMENT_COLUMNS)
  if (error || !data) {
    const result = failure(error, status)
    return result.kind === 'offline'
      ? { kind: 'offline' }
      : { kind: 'failed', message: result.message }
  }
  const saved = data[0] as WorkspaceDocument | undefined
  if (saved) return { kind: 'saved', document: saved }
  const current = await getDocument(supabase, id)
  if (!current.ok)
    return current.kind === 'offline'
      ? { kind: 'offline' }
      : { kind: 'failed', message: current.message }
  return { kind: 'conflict', current: current.data }
}

export async function currentPlan(supabase: SupabaseClient): Promise<Plan> {
  const { data, error } = await supabase.rpc('current_plan')
  // Unknown counts as Free: the database enforces the real limits either way.
  return !error && data === 'pro' ? 'pro' : 'free'
}
