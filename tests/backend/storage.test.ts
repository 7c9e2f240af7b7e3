import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import { PNG, client, makePro, signedInUser, startTestBackend } from './helpers.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

const png = () => new Blob([PNG], { type: 'image/png' })

describe('attachments bucket', () => {
  it('refuses uploads from Free users', async () => {
    const user = await signedInUser(backend, 'free-upload')
    const { error } = await user.supabase.storage
      .from('attachments')
      .upload(`${user.id}/a.png`, png())
    expect(error).not.toBeNull()
    expect((error as { statusCode?: string }).statusCode).toBe('403')
    expect(error?.message).toBe('new row violates row-level security policy')
  })

  it('lets a Pro user upload, list, download and remove in their own folder only', async () => {
    const a = await signedInUser(backend, 'pro-a')
    const b = await signedInUser(backend, 'pro-b')
    await makePro(backend, a.id)
    await makePro(backend, b.id)
    const bucket = a.supabase.storage.from('attachments')

    const uploaded = await bucket.upload(`${a.id}/images/cat.png`, png())
    expect(uploaded.error).toBeNull()
    expect(uploaded.data).toMatchObject({
      path: `${a.id}/images/cat.png`,
      fullPath: `attachments/${a.id}/images/cat.png`,
    })
    expect(
      (await bucket.upload(`${a.id}/raw.png`, PNG, { contentType: 'image/png' })).error,
    ).toBeNull()

    const duplicate = await bucket.upload(`${a.id}/raw.png`, PNG, { contentType: 'image/png' })
    expect((duplicate.error as { statusCode?: string }).statusCode).toBe('409')
    expect(
      (await bucket.upload(`${a.id}/raw.png`, PNG, { contentType: 'image/png', upsert: true }))
        .error,
    ).toBeNull()
    const wrongType = await bucket.upload(`${a.id}/notes.txt`, 'hello', {
      contentType: 'text/plain',
    })
    expect((wrongType.error as { statusCode?: string }).statusCode).toBe('415')

    const root = await bucket.list(a.id)
    expect(root.data?.map((entry) => entry.name)).toEqual(['images', 'raw.png'])
    const nested = await bucket.list(`${a.id}/images`)
    expect(nested.data?.map((entry) => entry.name)).toEqual(['cat.png'])

    const downloaded = await bucket.download(`${a.id}/images/cat.png`)
    expect(downloaded.error).toBeNull()
    expect(new Uint8Array(await downloaded.data!.arrayBuffer())).toEqual(PNG)
    const signed = await bucket.createSignedUrl(`${a.id}/images/cat.png`, 60)
    expect(signed.error).toBeNull()
    const viaSignedUrl = await fetch(signed.data!.signedUrl)
    expect(viaSignedUrl.status).toBe(200)
    expect(viaSignedUrl.headers.get('content-type')).toBe('image/png')

    // User B, also Pro, tries every verb on A's folder.
    const intruder = b.supabase.storage.from('attachments')
    expect((await intruder.download(`${a.id}/images/cat.png`)).error).not.toBeNull()
    expect((await intruder.list(a.id)).data).toEqual([])
    expect((await intruder.upload(`${a.id}/planted.png`, png())).error?.message).toBe(
      'new row violates row-level security policy',
    )
    expect(
      (await intruder.upload(`${a.id}/raw.png`, PNG, { contentType: 'image/png', upsert: true }))
        .error,
    ).not.toBeNull()
    expect(
      (await intruder.update(`${a.id}/raw.png`, PNG, { contentType: 'image/png' })).error,
    ).not.toBeNull()
    expect((await intruder.remove([`${a.id}/raw.png`])).data).toEqual([])
    expect((await intruder.createSignedUrl(`${a.id}/raw.png`, 60)).error).not.toBeNull()
    expect(
      (await client(backend).storage.from('attachments').download(`${a.id}/raw.png`)).error,
    ).not.toBeNull()
    expect((await bucket.download(`${a.id}/raw.png`)).error).toBeNull()

    const removed = await bucket.remove([`${a.id}/raw.png`, `${a.id}/images/cat.png`])
    expect(removed.data?.map((o) => o.name).sort()).toEqual([
      `${a.id}/images/cat.png`,
      `${a.id}/raw.png`,
    ])
    expect((await bucket.list(a.id)).data).toEqual([])
  })

  it('rejects traversal-looking keys', async () => {
    const user = await signedInUser(backend, 'keys')
    await makePro(backend, user.id)
    const response = await fetch(
      `${backend.url}/storage/v1/object/attachments/${user.id}/..%2F..%2Fetc%2Fpasswd`,
      {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          authorization: `Bearer ${user.session.access_token}`,
          'content-type': 'image/png',
        },
        body: PNG,
      },
    )
    expect(response.status).toBe(400)
  })
})

/** An upload as the Storage API receives it, body and content type as given. */
async function rawUpload(token: string, name: string, contentType: string, method = 'POST') {
  const response = await fetch(`${backend.url}/storage/v1/object/attachments/${name}`, {
    method,
    headers: {
      apikey: backend.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': contentType,
    },
    body: PNG,
  })
  return response.status
}

// Hosted Storage (supabase/storage): validateMimeType in src/storage/uploader.ts splits the
// declared type on "/" and compares both parts exactly; isValidKey in src/storage/limits.ts
// allows only /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/.
describe('what hosted Storage refuses, refused here too', () => {
  it('a content type that is the bucket’s only up to case or a parameter (415)', async () => {
    const user = await signedInUser(backend, 'mime-exact')
    await makePro(backend, user.id)
    const token = user.session.access_token
    expect(await rawUpload(token, `${user.id}/a.png`, 'image/png; charset=utf-8')).toBe(415)
    expect(await rawUpload(token, `${user.id}/b.png`, 'IMAGE/PNG')).toBe(415)
    expect(await rawUpload(token, `${user.id}/c.png`, 'image')).toBe(415)
    expect(await rawUpload(token, `${user.id}/d.png`, 'image/png')).toBe(200)
  })

  // The split above lets `image/png/x` through on hosted; the bucket's policy refuses it
  // (migration 20261128001000), whether the object is new or replaced.
  it('a content type that only begins with one of the bucket’s (403, by the policy)', async () => {
    const user = await signedInUser(backend, 'mime-extra-part')
    await makePro(backend, user.id)
    const token = user.session.access_token
    expect(await rawUpload(token, `${user.id}/a.png`, 'image/png/x')).toBe(403)
    expect(await rawUpload(token, `${user.id}/b.png`, 'image/png')).toBe(200)
    expect(await rawUpload(token, `${user.id}/b.png`, 'image/png/html', 'PUT')).toBe(403)
    expect(await rawUpload(token, `${user.id}/b.png`, 'image/webp', 'PUT')).toBe(200)
  })

  it('an object name with characters outside S3’s safe set (400)', async () => {
    const user = await signedInUser(backend, 'key-charset')
    await makePro(backend, user.id)
    const token = user.session.access_token
    for (const name of ['café.png', 'a#b.png', 'a%b.png', 'a"b.png'])
      expect(await rawUpload(token, `${user.id}/${encodeURIComponent(name)}`, 'image/png')).toBe(
        400,
      )
    expect(
      await rawUpload(
        token,
        `${user.id}/${encodeURIComponent("it's (1) & more.png")}`,
        'image/png',
      ),
    ).toBe(200)
  })
})
