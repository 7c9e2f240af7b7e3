import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import {
  storageRefusalStatus,
  uploadErrorMessage,
} from '../../src/features/workspace/attachments.ts'
import { PNG, client, makePro, signedInUser, startTestBackend } from './helpers.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

const png = () => new Blob([PNG], { type: 'image/png' })

/** An access token of `userId` that expired a minute ago, signed with the backend's secret. */
function expiredToken(userId: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ role: 'authenticated', sub: userId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 120)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(backend.jwtSecret))
}

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

  // supabase/storage src/http/routes/object/getSignedUploadURL.ts: the policies are asked when
  // the URL is made; the upload through it is the storage service's (uploadSignedObject.ts).
  it('gives signed upload URLs only for what the policies let the signer upload', async () => {
    const free = await signedInUser(backend, 'signed-upload-free')
    const pro = await signedInUser(backend, 'signed-upload-pro')
    await makePro(backend, pro.id)
    const signFor = (token: string, name: string) =>
      fetch(`${backend.url}/storage/v1/object/upload/sign/attachments/${name}`, {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'image/png',
        },
      })

    expect(await outcomeOf(await signFor(free.session.access_token, `${free.id}/a.png`))).toBe(403)
    expect(await outcomeOf(await signFor(pro.session.access_token, `${free.id}/a.png`))).toBe(403)
    const signed = await signFor(pro.session.access_token, `${pro.id}/a.png`)
    expect(signed.status).toBe(200)
    const { token } = (await signed.json()) as { token: string }
    const bucket = client(backend).storage.from('attachments')
    expect(
      (await bucket.uploadToSignedUrl(`${pro.id}/b.png`, token, PNG, { contentType: 'image/png' }))
        .error,
    ).not.toBeNull()
    expect(
      (await bucket.uploadToSignedUrl(`${pro.id}/a.png`, token, PNG, { contentType: 'image/png' }))
        .error,
    ).toBeNull()
    const { data } = await pro.supabase.storage.from('attachments').download(`${pro.id}/a.png`)
    expect(new Uint8Array((await data?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(PNG)
  })

  // supabase/storage src/http/routes/object/getSignedURLs.ts and src/storage/object.ts,
  // signObjectUrls: a note showing many images asks for all their URLs in one request.
  it('signs many URLs in one request, only for objects the policies let the caller see', async () => {
    const a = await signedInUser(backend, 'sign-many-a')
    const b = await signedInUser(backend, 'sign-many-b')
    await makePro(backend, a.id)
    await makePro(backend, b.id)
    const mine = [`${a.id}/note/one.png`, `${a.id}/note/two.png`]
    for (const path of mine)
      expect((await a.supabase.storage.from('attachments').upload(path, png())).error).toBeNull()
    const theirs = `${b.id}/note/secret.png`
    expect((await b.supabase.storage.from('attachments').upload(theirs, png())).error).toBeNull()
    const missing = `${a.id}/note/never.png`

    const { data, error } = await a.supabase.storage
      .from('attachments')
      .createSignedUrls([...mine, theirs, missing], 60)
    expect(error).toBeNull()
    expect(data?.map(({ path, error }) => [path, error])).toEqual([
      [mine[0], null],
      [mine[1], null],
      [theirs, 'Either the object does not exist or you do not have access to it'],
      [missing, 'Either the object does not exist or you do not have access to it'],
    ])
    for (const entry of data!.slice(0, 2)) {
      const response = await fetch(entry.signedUrl!)
      expect(response.status).toBe(200)
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG)
    }
    expect(data?.slice(2).map((entry) => entry.signedUrl)).toEqual([null, null])
    // A signed URL names its own object: it opens no other.
    const other = data![0]!.signedUrl!.replace('one.png', 'two.png')
    expect((await fetch(other)).status).toBe(400)

    const tooMany = await a.supabase.storage.from('attachments').createSignedUrls(
      Array.from({ length: 1001 }, (_, at) => `${a.id}/${at}.png`),
      60,
    )
    expect((tooMany.error as { statusCode?: string } | null)?.statusCode).toBe('400')
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

/** An upload as the Storage API receives it, body and content type as given (outcomeOf). */
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
  return outcomeOf(response)
}

/** 200 for what Storage did, or the reason of a refusal: hosted's body statusCode under HTTP 400. */
async function outcomeOf(response: Response): Promise<number> {
  if (response.ok) return response.status
  expect(response.status).toBe(400)
  return Number(((await response.json()) as { statusCode: string }).statusCode)
}

// Hosted Storage answers every refusal of its object API with HTTP 400 (a 500 stays 500) and
// puts the reason in the body's statusCode (supabase/storage v1.70, src/internal/errors/
// storage-error.ts StorageBackendError.userStatusCode; src/http/error-handler.ts). supabase-js
// hands on both, so code that reads only the HTTP status sees 400 in production.
describe('how hosted Storage answers a refusal', () => {
  it('with HTTP 400 and its reason in statusCode, for every refusal the app can meet', async () => {
    const owner = await signedInUser(backend, 'http-400')
    await makePro(backend, owner.id)
    const free = await signedInUser(backend, 'http-400-free')
    const bucket = owner.supabase.storage.from('attachments')
    expect((await bucket.upload(`${owner.id}/a.png`, png())).error).toBeNull()
    const refusals: [string, { error: unknown }][] = [
      ['403', await free.supabase.storage.from('attachments').upload(`${free.id}/a.png`, png())],
      ['409', await bucket.upload(`${owner.id}/a.png`, png())],
      ['415', await bucket.upload(`${owner.id}/b.txt`, 'hello', { contentType: 'text/plain' })],
      [
        '413',
        await bucket.upload(`${owner.id}/c.png`, png(), {
          metadata: { note: 'x'.repeat(1024 * 1024) },
        }),
      ],
      ['404', await bucket.download(`${owner.id}/missing.png`)],
    ]
    for (const [reason, { error }] of refusals)
      expect(error, reason).toMatchObject({ status: 400, statusCode: reason })
    expect(uploadErrorMessage(storageRefusalStatus(refusals[0]![1].error), 'a.png').upgrade).toBe(
      true,
    )

    const expired = await fetch(`${backend.url}/storage/v1/object/attachments/${owner.id}/a.png`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${await expiredToken(owner.id)}` },
    })
    expect(expired.status).toBe(400)
    expect(await expired.json()).toMatchObject({ statusCode: '403', message: 'jwt expired' })
  })
})

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

  // A signed upload URL (src/http/routes/object/getSignedUploadURL.ts) asks the policies once,
  // when it is made, with the type named then; the upload through it runs as the storage
  // service (uploadSignedObject.ts, asSuperUser), which no policy judges. So the exact-type
  // rule must hold for every writer, not only for the caller's role.
  it('a content type that only begins with one of the bucket’s, through a signed upload URL', async () => {
    const user = await signedInUser(backend, 'mime-signed-upload')
    await makePro(backend, user.id)
    const page = '<!doctype html><script>alert(document.domain)</script>'
    const uploadThroughSignedUrl = async (name: string, contentType: string) => {
      const signing = await fetch(
        `${backend.url}/storage/v1/object/upload/sign/attachments/${user.id}/${name}`,
        {
          method: 'POST',
          headers: {
            apikey: backend.anonKey,
            authorization: `Bearer ${user.session.access_token}`,
            'content-type': 'image/png',
          },
        },
      )
      expect(signing.status).toBe(200)
      const { token } = (await signing.json()) as { token: string }
      const { error } = await client(backend)
        .storage.from('attachments')
        .uploadToSignedUrl(`${user.id}/${name}`, token, new TextEncoder().encode(page), {
          contentType,
        })
      return error ? Number((error as { statusCode?: string }).statusCode) : 200
    }

    expect(await uploadThroughSignedUrl('page.png', 'image/png/x')).toBe(403)
    const stored = await user.supabase.storage.from('attachments').list(user.id)
    expect(stored.data?.map((entry) => entry.name)).toEqual([])
    expect(await uploadThroughSignedUrl('image.png', 'image/png')).toBe(200)
  })

  // src/storage/uploader.ts fileUploadFromRequest: MAX_CUSTOM_METADATA_SIZE, 1 MiB.
  it('user metadata over 1 MiB on an upload (413)', async () => {
    const user = await signedInUser(backend, 'metadata-size')
    await makePro(backend, user.id)
    const bucket = user.supabase.storage.from('attachments')
    const note = (bytes: number) => ({ note: 'x'.repeat(bytes - '{"note":""}'.length) })

    const tooLarge = await bucket.upload(`${user.id}/a.png`, png(), {
      metadata: note(1024 * 1024 + 1),
    })
    expect((tooLarge.error as { statusCode?: string } | null)?.statusCode).toBe('413')
    expect(
      (await bucket.upload(`${user.id}/a.png`, png(), { metadata: note(1024 * 1024) })).error,
    ).toBeNull()
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

/** A JSON request to the Storage API as the signed-in user, answered with status and body. */
async function storageCall(token: string, method: string, path: string, body: unknown) {
  const response = await fetch(`${backend.url}/storage/v1${path}`, {
    method,
    headers: {
      apikey: backend.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as unknown }
}

// Hosted Storage checks these bodies against its route schemas (supabase/storage
// src/http/routes/object/getSignedURL.ts, listObjects.ts, deleteObjects.ts) before it runs
// anything: a body outside them is a 400, not a default.
describe('request bodies hosted Storage refuses, refused here too', () => {
  it('a signed URL without a whole, positive expiresIn (400)', async () => {
    const user = await signedInUser(backend, 'sign-expiry')
    await makePro(backend, user.id)
    const token = user.session.access_token
    expect(await rawUpload(token, `${user.id}/a.png`, 'image/png')).toBe(200)
    const sign = (body: unknown) =>
      storageCall(token, 'POST', `/object/sign/attachments/${user.id}/a.png`, body)

    for (const body of [{}, { expiresIn: 0 }, { expiresIn: -60 }, { expiresIn: 1.5 }, null])
      expect((await sign(body)).status, JSON.stringify(body)).toBe(400)
    expect((await sign({ expiresIn: 9e15 })).status).toBe(400)
    expect(await sign({})).toMatchObject({
      body: { statusCode: '400', message: "body must have required property 'expiresIn'" },
    })
    expect((await sign({ expiresIn: 60 })).status).toBe(200)
    expect((await sign({ expiresIn: '60' })).status).toBe(200)
  })

  it('a listing without a prefix, or with a limit, offset or sort outside the schema (400)', async () => {
    const user = await signedInUser(backend, 'list-schema')
    await makePro(backend, user.id)
    const token = user.session.access_token
    const list = (body: unknown) => storageCall(token, 'POST', '/object/list/attachments', body)

    for (const body of [
      {},
      { prefix: user.id, limit: 0 },
      { prefix: user.id, limit: 2.5 },
      { prefix: user.id, offset: -1 },
      { prefix: user.id, sortBy: { column: 'size' } },
      { prefix: user.id, sortBy: { order: 'desc' } },
      { prefix: user.id, sortBy: { column: 'name', order: 'down' } },
    ])
      expect((await list(body)).status, JSON.stringify(body)).toBe(400)
    expect((await list({ prefix: user.id, limit: 10, offset: 0 })).status).toBe(200)
  })

  it('a listing’s search is the start of a name, in any case; a prefix is a folder', async () => {
    const user = await signedInUser(backend, 'list-search')
    await makePro(backend, user.id)
    const token = user.session.access_token
    for (const name of ['Cat.png', 'bobcat.png', 'dog.png'])
      expect(await rawUpload(token, `${user.id}/${name}`, 'image/png')).toBe(200)
    const names = async (body: Record<string, unknown>) => {
      const { status, body: entries } = await storageCall(
        token,
        'POST',
        '/object/list/attachments',
        body,
      )
      expect(status).toBe(200)
      return (entries as { name: string }[]).map((entry) => entry.name)
    }

    expect(await names({ prefix: user.id, search: 'cat' })).toEqual(['Cat.png'])
    expect(await names({ prefix: `${user.id}/`, search: 'CAT' })).toEqual(['Cat.png'])
    expect(await names({ prefix: `/${user.id}` })).toEqual([])
    expect(await names({ prefix: `${user.id}//` })).toEqual([])
    expect(await names({ prefix: user.id })).toEqual(['Cat.png', 'bobcat.png', 'dog.png'])
  })

  it('a bulk delete of no names or of more than 1,000 (400)', async () => {
    const user = await signedInUser(backend, 'delete-schema')
    await makePro(backend, user.id)
    const token = user.session.access_token
    const remove = (body: unknown) => storageCall(token, 'DELETE', '/object/attachments', body)
    const many = Array.from({ length: 1001 }, (_, i) => `${user.id}/${i}.png`)

    for (const body of [{}, { prefixes: [] }, { prefixes: [1] }, { prefixes: many }])
      expect((await remove(body)).status, JSON.stringify(body).slice(0, 40)).toBe(400)
    expect(await remove({ prefixes: many.slice(0, 1000) })).toEqual({ status: 200, body: [] })
  })
})

// supabase/storage src/storage/database/pg.ts upsertObject: on conflict it sets owner and
// owner_id to the uploader too, so the object is the replacer's from then on.
describe('an object replaced by another user', () => {
  it('belongs to whoever replaced it, for policies that look at the owner', async () => {
    // A bucket of its own, whose policies let any signed-in user write any name but delete
    // only what they own; the attachments policies are left as they are.
    await backend.db.transaction(async (tx) => {
      await tx.query(
        `insert into storage.buckets (id, name) values ('shared-owner', 'shared-owner')`,
      )
      await tx.query(`create policy "shared-owner read" on storage.objects for select to authenticated
        using (bucket_id = 'shared-owner')`)
      await tx.query(`create policy "shared-owner write" on storage.objects for insert to authenticated
        with check (bucket_id = 'shared-owner')`)
      await tx.query(`create policy "shared-owner replace" on storage.objects for update to authenticated
        using (bucket_id = 'shared-owner') with check (bucket_id = 'shared-owner')`)
      await tx.query(`create policy "shared-owner delete own" on storage.objects for delete to authenticated
        using (bucket_id = 'shared-owner' and owner_id = auth.uid()::text)`)
    })
    const first = await signedInUser(backend, 'owner-first')
    const second = await signedInUser(backend, 'owner-second')
    const as = (user: typeof first) => user.supabase.storage.from('shared-owner')

    expect((await as(first).upload('a.png', png())).error).toBeNull()
    expect((await as(second).upload('a.png', png(), { upsert: true })).error).toBeNull()
    expect((await as(first).remove(['a.png'])).data).toEqual([])
    expect((await as(second).remove(['a.png'])).data).toHaveLength(1)

    expect((await as(first).upload('b.png', png())).error).toBeNull()
    expect((await as(second).update('b.png', png())).error).toBeNull()
    expect((await as(first).remove(['b.png'])).data).toEqual([])
    expect((await as(second).remove(['b.png'])).data).toHaveLength(1)
  })
})
