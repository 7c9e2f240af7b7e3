/**
 * POST with the service-role key (Supabase Cron calls it daily, see the migration
 * `20261128002000_orphaned_attachments.sql`) → `{ removed, kept }`: removes the images whose
 * document is gone (purged, or never written by a failed import) and that no note of their
 * owner still links to. A note may link to an image pasted from another one, and a trashed note
 * can still come back, so a link from any of the owner's rows keeps an image.
 *
 * Files go through the Storage API, the only way hosted lets them go. One run takes the first
 * 1,000 the database lists (the Data API's max_rows); the next day's run goes on from there.
 */
import { requireEnv } from '../_shared/env.ts'
import { HttpError, endpoint, json } from '../_shared/http.ts'
import { serviceClient } from '../_shared/supabase.ts'
import type { SupabaseClient } from '@supabase/supabase-js'

const BUCKET = 'attachments'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Paths per Storage API remove call. */
const REMOVE_BATCH = 100

/** Same length and same bytes, in time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  if (given.length !== expected.length) return false
  let difference = 0
  for (let i = 0; i < given.length; i += 1)
    difference |= given.charCodeAt(i) ^ expected.charCodeAt(i)
  return difference === 0
}

/** Only the project itself may run this: users' tokens, even valid ones, are refused. */
function requireServiceRole(req: Request): void {
  const token = /^Bearer (.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1] ?? ''
  if (!sameSecret(token, requireEnv('SUPABASE_SERVICE_ROLE_KEY')))
    throw new HttpError(403, 'forbidden', 'Only the project itself may purge attachments.')
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * Whether a note of the image's owner links to it: an image link names the object's path, its
 * segments URL-encoded (src/features/workspace/attachments.ts, attachmentUrl). A folder that is
 * not a user id is no upload of the app's: it is kept, as anything not understood is.
 */
async function stillLinked(db: SupabaseClient, ownerFolder: string, name: string) {
  if (!UUID.test(ownerFolder)) return true
  const encoded = name.split('/').map(encodeURIComponent).join('/')
  for (const form of new Set([name, encoded])) {
    const { count, error } = await db
      .from('documents')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', ownerFolder)
      .like('body', `%${likeLiteral(form)}%`)
    if (error) throw new Error(`could not look for links to ${name}: ${error.message}`)
    if ((count ?? 0) > 0) return true
  }
  return false
}

export const handler = endpoint(async (req) => {
  requireServiceRole(req)
  const db = serviceClient()
  const { data, error } = await db.rpc('orphaned_attachments')
  if (error) throw new Error(`could not list orphaned attachments: ${error.message}`)
  const orphans = (data ?? []) as { name: string; owner_folder: string }[]
  const unlinked: string[] = []
  for (const { name, owner_folder } of orphans)
    if (!(await stillLinked(db, owner_folder, name))) unlinked.push(name)
  for (let start = 0; start < unlinked.length; start += REMOVE_BATCH) {
    const { error: removeError } = await db.storage
      .from(BUCKET)
      .remove(unlinked.slice(start, start + REMOVE_BATCH))
    if (removeError) throw new Error(`could not remove attachments: ${removeError.message}`)
  }
  return json(200, { removed: unlinked.length, kept: orphans.length - unlinked.length })
})
