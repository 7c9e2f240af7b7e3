/**
 * Folio's documents through supabase-js. Every call answers with data or a sentence to show;
 * row-level security in the database decides what a user may see and change. Deleting marks a
 * document (deleted_at) rather than removing it, so every read here asks for the ones not
 * deleted (supabase/migrations/*_soft_delete_documents.sql says why).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { dataErrorMessage } from '../../lib/serviceErrorMessages'
import type { SaveOutcome } from './documentSession'
import { rememberPlan } from './knownPlan'
import { PLAN_LIMIT_MESSAGE, isPlanLimitError } from './planLimits'
import type { DocumentSummary, PlanId, WorkspaceDocument } from './types'

const SUMMARY_COLUMNS = 'id, title, version, updated_at'
const DOCUMENT_COLUMNS = 'id, title, body, version, created_at, updated_at'
/** A saved row without its text: the caller sent the text, so a megabyte need not come back. */
const SAVED_COLUMNS = 'id, title, version, created_at, updated_at'

/**
 * Offline, a create, rename, delete or load is not queued for later (only a note's text is kept
 * on the device, and the save status says so): the message says what did not happen.
 */
export function offlineMessage(action: string): string {
  return `You are offline, so Folio could not ${action}. Try again once you are back online.`
}

/**
 * Offline, supabase-js is not asked at all. Each of its requests reads the session first, and
 * an access token that expired meanwhile (a laptop woken up offline) is refreshed first, retried
 * for up to 30 s (@supabase/auth-js 2.109, GoTrueClient._refreshAccessToken): opening a note
 * then said it could not, 26 s later.
 */
function offlineAlready(action: string): Extract<Result<never>, { ok: false }> | null {
  return typeof navigator !== 'undefined' && navigator.onLine === false
    ? { ok: false, kind: 'offline', message: offlineMessage(action) }
    : null
}

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
    return { ok: false, kind: 'offline', message: offlineMessage(action) }
  return {
    ok: false,
    kind: 'failed',
    // PostgREST's message is for developers (it can name tables and policies): words instead.
    message: dataErrorMessage(error, status, action),
  }
}

/** The body's size check (`octet_length(body) <= 1000000`) refused the text. */
function isTooLargeError(error: PostgrestLikeError | null): boolean {
  return Boolean(error && error.code === '23514' && error.message?.includes('body'))
}

/**
 * The Data API returns at most this many rows a read (`[api] max_rows` in
 * supabase/config.toml), whatever range is asked for: a longer list is read in pages.
 */
export const LIST_PAGE_ROWS = 1000

export async function listDocuments(supabase: SupabaseClient): Promise<Result<DocumentSummary[]>> {
  const offline = offlineAlready('load your documents')
  if (offline) return offline
  const found = new Map<string, DocumentSummary>()
  for (let from = 0; ; from += LIST_PAGE_ROWS) {
    const { data, error, status } = await supabase
      .from('documents')
      .select(SUMMARY_COLUMNS)
      .is('deleted_at', null)
      .order('updated_at', { ascending: false })
      .order('id')
      .range(from, from + LIST_PAGE_ROWS - 1)
    if (error || !data) return failure(error, status, 'load your documents')
    // A document saved while the pages are read moves up, and may come twice: once is enough.
    for (const summary of data as DocumentSummary[])
      if (!found.has(summary.id)) found.set(summary.id, summary)
    if (data.length < LIST_PAGE_ROWS) return { ok: true, data: [...found.values()] }
  }
}

export async function getDocument(
  supabase: SupabaseClient,
  id: string,
): Promise<Result<WorkspaceDocument | null>> {
  const offline = offlineAlready('open this document')
  if (offline) return offline
  const { data, error, status } = await supabase
    .from('documents')
    .select(DOCUMENT_COLUMNS)
    .eq('id', id)
    .is('deleted_at', null)
    .maybeSingle()
  if (error) return failure(error, status, 'open this document')
  return { ok: true, data: data as WorkspaceDocument | null }
}

/** The database sets id, version and timestamps. */
export async function createDocument(
  supabase: SupabaseClient,
  fields: { title: string; body?: string },
): Promise<Result<WorkspaceDocument>> {
  const offline = offlineAlready('create the document')
  if (offline) return offline
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
  const offline = offlineAlready('rename the document')
  if (offline) return offline
  const { data, error, status } = await supabase
    .from('documents')
    .update({ title })
    .eq('id', id)
    .is('deleted_at', null)
    .select(SUMMARY_COLUMNS)
    .single()
  if (error || !data) return failure(error, status, 'rename the document')
  return { ok: true, data: data as DocumentSummary }
}

/**
 * Marks the document deleted (the database stamps the time) and hands back the whole row, so
 * an undo can put it back; null when it was already deleted.
 */
export async function deleteDocument(
  supabase: SupabaseClient,
  id: string,
): Promise<Result<WorkspaceDocument | null>> {
  const offline = offlineAlready('delete the document')
  if (offline) return offline
  const { data, error, status } = await supabase
    .from('documents')
    .update({ deleted_at: new Date().toISOString() })
    .eq('id', id)
    .is('deleted_at', null)
    .select(DOCUMENT_COLUMNS)
  if (error || !data) return failure(error, status, 'delete the document')
  return { ok: true, data: (data[0] as WorkspaceDocument | undefined) ?? null }
}

/**
 * Undo: brings a deleted document back with the text that was on screen. It counts towards the
 * Free plan again, so it can meet the plan limit like a new document.
 */
export async function restoreDocument(
  supabase: SupabaseClient,
  id: string,
  fields: { title: string; body: string },
): Promise<Result<WorkspaceDocument>> {
  const offline = offlineAlready('bring the document back')
  if (offline) return offline
  const { data, error, status } = await supabase
    .from('documents')
    .update({ ...fields, deleted_at: null })
    .eq('id', id)
    .select(DOCUMENT_COLUMNS)
    .maybeSingle()
  if (error) return failure(error, status, 'bring the document back')
  if (!data)
    return {
      ok: false,
      kind: 'failed',
      message: 'This document is gone for good and cannot come back.',
    }
  return { ok: true, data: data as WorkspaceDocument }
}

/**
 * The optimistic save: accepted only while the row still has the version the text was based
 * on. Zero rows back means someone saved in between; the current row is fetched for the
 * person to compare. The answer leaves the text out: for a long note that was a megabyte to
 * receive and parse after every pause in typing.
 */
export async function saveDocumentBody(
  supabase: SupabaseClient,
  id: string,
  body: string,
  baseVersion: number,
  /** A new title to save with the text (one taken from its first heading). */
  title?: string,
): Promise<SaveOutcome> {
  if (offlineAlready('save this')) return { kind: 'offline' }
  const { data, error, status } = await supabase
    .from('documents')
    .update(title === undefined ? { body } : { body, title })
    .eq('id', id)
    .eq('version', baseVersion)
    .is('deleted_at', null)
    .select(SAVED_COLUMNS)
  if (isTooLargeError(error)) return { kind: 'too-large' }
  if (error || !data) {
    const result = failure(error, status)
    return result.kind === 'offline'
      ? { kind: 'offline' }
      : { kind: 'failed', message: result.message }
  }
  const saved = data[0] as Omit<WorkspaceDocument, 'body'> | undefined
  // The database keeps the text as sent (its triggers stamp only version and times).
  if (saved) return { kind: 'saved', document: { ...saved, body } }
  const current = await getDocument(supabase, id)
  if (!current.ok)
    return current.kind === 'offline'
      ? { kind: 'offline' }
      : { kind: 'failed', message: current.message }
  return { kind: 'conflict', current: current.data }
}

export async function currentPlan(supabase: SupabaseClient, userId: string): Promise<PlanId> {
  const { data, error } = await supabase.rpc('current_plan')
  // Unknown counts as Free: the database enforces the real limits either way. Only an answer
  // is remembered (for the account page offline, knownPlan.ts).
  if (error) return 'free'
  const plan = data === 'pro' ? 'pro' : 'free'
  rememberPlan(userId, plan)
  return plan
}
