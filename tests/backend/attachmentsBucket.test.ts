/**
 * The attachments bucket has its settings (private, 10 MB, images only) even on a project where
 * a bucket of that name already existed, public and unlimited, before the migrations ran.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import { PNG, client, makePro, serviceClient, signedInUser, startTestBackend } from './helpers.ts'
import { migrationsWith } from './migrationFixtures.ts'

const migrations = migrationsWith('20241231000000_attachments_bucket_made_by_hand.sql')
let backend: Backend

beforeAll(async () => {
  backend = await startTestBackend({ migrationsDir: migrations.dir })
})
afterAll(async () => {
  await backend?.stop()
  migrations.remove()
})

describe('attachments bucket settings', () => {
  it('are applied over a bucket that already existed', async () => {
    const bucket = await serviceClient(backend).storage.getBucket('attachments')
    expect(bucket.data).toMatchObject({
      public: false,
      file_size_limit: 10485760,
      allowed_mime_types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'],
    })

    const user = await signedInUser(backend, 'bucket')
    await makePro(backend, user.id)
    const files = user.supabase.storage.from('attachments')
    expect(
      (await files.upload(`${user.id}/a.png`, PNG, { contentType: 'image/png' })).error,
    ).toBeNull()
    // Anyone with the address of a public bucket's file could read it; this one is private.
    const publicUrl = client(backend).storage.from('attachments').getPublicUrl(`${user.id}/a.png`)
    expect((await fetch(publicUrl.data.publicUrl)).status).not.toBe(200)
    const script = await files.upload(`${user.id}/x.html`, '<script>alert(1)</script>', {
      contentType: 'text/html',
    })
    expect((script.error as { statusCode?: string } | null)?.statusCode).toBe('415')
  })

  // supabase/config.toml [storage.buckets.attachments] public = false is what the hosted bucket
  // gets; a row turned public by hand must not serve files at their public address.
  it('stays private at its public address when only the row says public', async () => {
    const user = await signedInUser(backend, 'bucket-row-public')
    await makePro(backend, user.id)
    const files = user.supabase.storage.from('attachments')
    expect(
      (await files.upload(`${user.id}/b.png`, PNG, { contentType: 'image/png' })).error,
    ).toBeNull()
    const setPublic = async (value: boolean) => {
      await backend.db.transaction((tx) =>
        tx.query(`update storage.buckets set public = $1 where id = 'attachments'`, [value]),
      )
    }
    await setPublic(true)
    onTestFinished(() => setPublic(false))

    const publicUrl = client(backend).storage.from('attachments').getPublicUrl(`${user.id}/b.png`)
    const response = await fetch(publicUrl.data.publicUrl)
    // Hosted's NoSuchBucket, sent as every refusal is: HTTP 400, the reason in statusCode.
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
  })
})
