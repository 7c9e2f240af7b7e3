import { randomUUID, createHash } from 'node:crypto'
import { gatewayError, identifyCaller } from '../apiCaller.ts'
import { isPgError, jsonRow, jsonRows } from '../db/database.ts'
import type { Database, Queryable } from '../db/database.ts'
import { withStorageScope } from './withStorageScope.ts'
import { BadJsonError, json, readJson } from '../http/respond.ts'
import type { Handler } from '../http/server.ts'
import type { JwtClaims, Keys } from '../keys.ts'
import type { HostedSettings } from '../supabaseConfig.ts'
import type { BlobStore } from './blobStore.ts'
import { listFolder } from './listFolder.ts'
import type { ObjectRow } from './listFolder.ts'
import { allowsMimeType, readUpload, validObjectName, type Upload } from './readUpload.ts'
import { deletePrefixes, listOptions, signedUrlExpiry, signedUrlPaths } from './requestBodies.ts'
import { StorageError, bucketNotFound, objectNotFound, rlsRefused } from './storageError.ts'

export interface StorageContext {
  db: Database
  keys: Keys
  blobs: BlobStore
  /** supabase/config.toml's [storage]: the project's upload limit and each bucket's settings. */
  limits?: HostedSettings['storage']
}

interface BucketRow {
  id: string
  name: string
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  created_at: string
  updated_at: string
}

const PREFIX = '/storage/v1'
const OBJECT_COLUMNS =
  'id, name, bucket_id, owner, metadata, created_at, updated_at, last_accessed_at'

/** Supabase Storage-compatible /storage/v1: rows in storage.objects decide access, bytes on disk. */
export function storageRouter(ctx: StorageContext): Handler {
  return async (req) => {
    const url = new URL(req.url)
    const path = url.pathname.slice(PREFIX.length)
    try {
      // Signed and public URLs are opened by <img> tags: no apikey, the URL is the credential.
      const signed = /^\/object\/sign\/([^/]+)\/(.+)$/.exec(path)
      if (req.method === 'GET' && signed)
        return await serveSigned(ctx, url, signed[1]!, decodeURIComponent(signed[2]!))
      const publicObject = /^\/object\/public\/([^/]+)\/(.+)$/.exec(path)
      if (req.method === 'GET' && publicObject)
        return await servePublic(ctx, publicObject[1]!, decodeURIComponent(publicObject[2]!))

      const caller = await identifyCaller(req, ctx.keys)
      if (!caller.ok) {
        const gateway = gatewayError(caller)
        if (gateway) return json(401, gateway)
        throw new StorageError(
          403,
          'Unauthorized',
          caller.kind === 'jwt_expired' ? 'jwt expired' : 'invalid signature',
        )
      }
      return await route(ctx, req, path, caller.claims)
    } catch (error) {
      if (error instanceof StorageError) return error.toResponse()
      if (error instanceof BadJsonError)
        return new StorageError(400, 'InvalidRequest', error.message).toResponse()
      if (isPgError(error)) {
        if (error.code === '42501') return rlsRefused().toResponse()
        if (error.code === '23505')
          return new StorageError(409, 'Duplicate', 'The resource already exists').toResponse()
        return new StorageError(400, 'DatabaseError', error.message).toResponse()
      }
      throw error
    }
  }
}

async function route(
  ctx: StorageContext,
  req: Request,
  path: string,
  claims: JwtClaims,
): Promise<Response> {
  const method = req.method
  if (method === 'GET' && path === '/bucket') {
    return json(
      200,
      await withStorageScope(ctx.db, claims, (tx) =>
        jsonRows(tx, `select * from storage.buckets order by name`),
      ),
    )
  }
  const bucket = /^\/bucket\/([^/]+)$/.exec(path)
  if (method === 'GET' && bucket) {
    const found = await withStorageScope(ctx.db, claims, (tx) =>
      jsonRow(tx, `select * from storage.buckets where id = $1`, [bucket[1]]),
    )
    if (!found) throw bucketNotFound()
    return json(200, found)
  }
  const list = /^\/object\/list\/([^/]+)$/.exec(path)
  if (method === 'POST' && list)
    return json(200, await listObjects(ctx, claims, list[1]!, await readJson(req)))
  // Signed upload URLs (supabase/storage src/http/routes/object/getSignedUploadURL.ts and
  // uploadSignedObject.ts): the URL is asked for with the caller's token; the upload through
  // it needs no policy, so here too it comes after identifyCaller (stricter: hosted takes it
  // without an apikey).
  const signedUpload = /^\/object\/upload\/sign\/([^/]+)\/(.+)$/.exec(path)
  if (signedUpload) {
    const [bucketId, name] = [signedUpload[1]!, decodeURIComponent(signedUpload[2]!)]
    if (method === 'POST') return json(200, await signUpload(ctx, req, claims, bucketId, name))
    if (method === 'PUT') return json(200, await uploadToSignedUrl(ctx, req, bucketId, name))
  }
  const signMany = /^\/object\/sign\/([^/]+)$/.exec(path)
  if (method === 'POST' && signMany)
    return json(200, await signObjects(ctx, claims, signMany[1]!, await readJson(req)))
  const sign = /^\/object\/sign\/([^/]+)\/(.+)$/.exec(path)
  if (method === 'POST' && sign)
    return json(
      200,
      await signObject(ctx, claims, sign[1]!, decodeURIComponent(sign[2]!), await readJson(req)),
    )
  const removeAll = /^\/object\/([^/]+)$/.exec(path)
  if (method === 'DELETE' && removeAll)
    return json(200, await removeObjects(ctx, claims, removeAll[1]!, await readJson(req)))
  const object = /^\/object\/(?:authenticated\/)?([^/]+)\/(.+)$/.exec(path)
  if (object) {
    const [bucketId, name] = [object[1]!, decodeURIComponent(object[2]!)]
    if (method === 'GET' || method === 'HEAD') return download(ctx, claims, bucketId, name)
    if (method === 'POST' || method === 'PUT')
      return json(200, await upload(ctx, req, claims, bucketId, name))
    if (method === 'DELETE') {
      const removed = await removeObjects(ctx, claims, bucketId, { prefixes: [name] })
      if (removed.length === 0) throw objectNotFound()
      return json(200, { message: 'Successfully deleted' })
    }
  }
  // Fastify's own answer to a route hosted does not have keeps its 404.
  throw new StorageError(404, 'not_found', `No route for ${method} ${PREFIX}${path}`, 404)
}

/** Bucket settings are read with the backend's own rights, as the storage server does. */
async function findBucket(ctx: StorageContext, id: string): Promise<BucketRow> {
  const bucket = await ctx.db.transaction((tx) =>
    jsonRow<BucketRow>(
      tx,
      `select id, name, public, file_size_limit, allowed_mime_types, created_at, updated_at from storage.buckets where id = $1`,
      [id],
    ),
  )
  if (!bucket) throw bucketNotFound()
  return bucket
}

/**
 * What an upload must satisfy. config.toml's bucket settings are what `supabase config push`
 * (and `supabase start`) write to the bucket, so they win over the row a migration inserted;
 * the project-wide limit caps every bucket, as the storage server's FILE_SIZE_LIMIT does.
 */
function effectiveLimits(ctx: StorageContext, bucket: BucketRow) {
  const declared = ctx.limits?.buckets[bucket.id]
  const perBucket = declared?.fileSizeLimit ?? bucket.file_size_limit ?? undefined
  const global = ctx.limits?.fileSizeLimit
  const fileSizeLimit =
    perBucket === undefined
      ? global
      : global === undefined
        ? perBucket
        : Math.min(perBucket, global)
  return {
    fileSizeLimit,
    allowedMimeTypes: declared?.allowedMimeTypes ?? bucket.allowed_mime_types ?? undefined,
  }
}

async function upload(
  ctx: StorageContext,
  req: Request,
  claims: JwtClaims,
  bucketId: string,
  name: string,
) {
  const mode =
    req.method === 'PUT' ? 'replace' : req.headers.get('x-upsert') === 'true' ? 'upsert' : 'create'
  return storeUpload(ctx, claims, {
    bucketId,
    name,
    file: await readUpload(req),
    mode,
    owner: claims.sub,
  })
}

interface StoredUpload {
  bucketId: string
  name: string
  file: Upload
  /** `replace`: PUT, an existing object only; `upsert`: `x-upsert: true`; `create`: new only. */
  mode: 'create' | 'upsert' | 'replace'
  owner: string | undefined
}

/**
 * Checks an upload against its bucket and writes it under `claims`' role: the caller's for an
 * upload with their token, so the policies judge it; the service role's for one through a
 * signed upload URL, as hosted writes it (`asSuperUser`, Uploader.completeUpload).
 */
async function storeUpload(
  ctx: StorageContext,
  claims: JwtClaims,
  { bucketId, name, file, mode, owner }: StoredUpload,
) {
  if (!validObjectName(name)) throw new StorageError(400, 'InvalidKey', `Invalid key: ${name}`)
  const bucket = await findBucket(ctx, bucketId)
  const mime = file.contentType
  const { allowedMimeTypes, fileSizeLimit } = effectiveLimits(ctx, bucket)
  if (allowedMimeTypes?.length && !allowsMimeType(mime, allowedMimeTypes)) {
    throw new StorageError(415, 'invalid_mime_type', `mime type ${mime} is not supported`)
  }
  if (fileSizeLimit !== undefined && file.bytes.byteLength > fileSizeLimit) {
    throw new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size')
  }
  const metadata = {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.byteLength,
    mimetype: mime,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.bytes.byteLength,
    httpStatusCode: 200,
  }
  // A replaced object belongs to whoever replaced it: hosted's upsert (and its PUT, which is one)
  // sets owner and owner_id on conflict too (supabase/storage src/storage/database/pg.ts
  // upsertObject), so a policy on owner judges the new uploader, not the first.
  const row = await withStorageScope(ctx.db, claims, async (tx) => {
    const params = [
      bucketId,
      name,
      JSON.stringify(metadata),
      JSON.stringify(file.userMetadata ?? null),
      randomUUID(),
      owner ?? null,
    ]
    const written =
      mode === 'replace'
        ? await jsonRow<{ id: string }>(
            tx,
            `update storage.objects set metadata = $3::jsonb, user_metadata = $4::jsonb, version = $5,
               owner = $6::uuid, owner_id = $6::text, updated_at = now()
             where bucket_id = $1 and name = $2 returning id`,
            params,
          )
        : await jsonRow<{ id: string }>(
            tx,
            `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
             values ($1, $2, $6::uuid, $6::text, $3::jsonb, $4::jsonb, $5)
             ${
               mode === 'upsert'
                 ? `on conflict (bucket_id, name) do update set metadata = excluded.metadata,
               user_metadata = excluded.user_metadata, version = excluded.version,
               owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()`
                 : ''
             }
             returning id`,
            params,
          )
    if (!written) throw objectNotFound()
    // Bytes are written inside the transaction: if this fails, the row is rolled back too.
    await ctx.blobs.put(written.id, file.bytes)
    return written
  })
  return { Id: row.id, Key: `${bucketId}/${name}` }
}

/** Hosted's default for UPLOAD_SIGNED_URL_EXPIRATION_TIME (supabase/storage src/config.ts). */
const SIGNED_UPLOAD_URL_SECONDS = 60

class PermissionTested extends Error {}

/**
 * A URL to upload one object later without a token. As hosted (src/storage/object.ts
 * signUploadObjectUrl, Uploader.canUpload), the caller's policies are asked now, once, with the
 * row the upload would write: its name, owner and a `metadata.mimetype` taken from this
 * request's Content-Type; the row is rolled back.
 */
async function signUpload(
  ctx: StorageContext,
  req: Request,
  claims: JwtClaims,
  bucketId: string,
  name: string,
) {
  if (!validObjectName(name)) throw new StorageError(400, 'InvalidKey', `Invalid key: ${name}`)
  await findBucket(ctx, bucketId)
  const upsert = req.headers.get('x-upsert') === 'true'
  const contentType = req.headers.get('content-type') ?? undefined
  const contentLength = req.headers.get('content-length') ?? undefined
  const metadata = {
    mimetype: contentType,
    contentLength: contentLength === undefined ? undefined : Number(contentLength),
  }
  try {
    await withStorageScope(ctx.db, claims, async (tx) => {
      await tx.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
         values ($1, $2, $3::uuid, $3::text, $4::jsonb, '1')
         ${
           upsert
             ? `on conflict (bucket_id, name) do update set metadata = excluded.metadata,
           version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id`
             : ''
         }`,
        [bucketId, name, claims.sub ?? null, JSON.stringify(metadata)],
      )
      throw new PermissionTested()
    })
  } catch (error) {
    if (!(error instanceof PermissionTested)) throw error
  }
  const iat = Math.floor(Date.now() / 1000)
  const token = await ctx.keys.sign({
    role: 'storage_signed_upload',
    url: `${bucketId}/${name}`,
    owner: claims.sub,
    upsert,
    iat,
    exp: iat + SIGNED_UPLOAD_URL_SECONDS,
  })
  return { url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token }
}

/**
 * The upload through a signed URL: the token names the object, its owner and whether it may
 * replace one; the write runs as the service role, asking no policy (uploadSignedObject.ts:
 * `request.storage.asSuperUser().from(bucket).uploadFromRequest`), so only the bucket's limits
 * and what the database itself enforces (triggers) apply.
 */
async function uploadToSignedUrl(
  ctx: StorageContext,
  req: Request,
  bucketId: string,
  name: string,
) {
  const token = new URL(req.url).searchParams.get('token') ?? ''
  let signed: JwtClaims
  try {
    signed = await ctx.keys.verify(token)
  } catch {
    throw new StorageError(400, 'InvalidJWT', 'jwt expired or invalid')
  }
  if (signed.role !== 'storage_signed_upload' || signed.url !== `${bucketId}/${name}`) {
    throw new StorageError(400, 'InvalidSignature', 'The url does not match the signature')
  }
  const { Key } = await storeUpload(
    ctx,
    { role: 'service_role' },
    {
      bucketId,
      name,
      file: await readUpload(req),
      mode: signed.upsert === true ? 'upsert' : 'create',
      owner: typeof signed.owner === 'string' ? signed.owner : undefined,
    },
  )
  return { Key }
}

/** One object by bucket and name, as the transaction's role may see it. */
function findObject(tx: Queryable, bucketId: string, name: string) {
  return jsonRow<ObjectRow>(
    tx,
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, name],
  )
}

async function download(
  ctx: StorageContext,
  claims: JwtClaims,
  bucketId: string,
  name: string,
): Promise<Response> {
  const row = await withStorageScope(ctx.db, claims, (tx) => findObject(tx, bucketId, name))
  if (!row) throw objectNotFound()
  return serveBytes(ctx, row)
}

async function serveBytes(ctx: StorageContext, row: ObjectRow): Promise<Response> {
  const bytes = await ctx.blobs.get(row.id)
  if (!bytes) throw objectNotFound()
  const meta = (row.metadata ?? {}) as Record<string, unknown>
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'content-type': String(meta.mimetype ?? 'application/octet-stream'),
      'cache-control': String(meta.cacheControl ?? 'no-cache'),
      etag: String(meta.eTag ?? ''),
      'content-length': String(bytes.byteLength),
      // Uploaded files are served from the API origin: never let them run as a page.
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  })
}

/** Serves an object the request was already entitled to (public bucket, or a valid signature). */
async function serveWithoutPolicies(
  ctx: StorageContext,
  bucketId: string,
  name: string,
): Promise<Response> {
  const row = await ctx.db.transaction((tx) => findObject(tx, bucketId, name))
  if (!row) throw objectNotFound()
  return serveBytes(ctx, row)
}

async function servePublic(ctx: StorageContext, bucketId: string, name: string): Promise<Response> {
  const bucket = await findBucket(ctx, bucketId)
  // config.toml's `public` is what `supabase config push` gives the bucket; a row that says
  // public (a bucket made by hand, say) does not open a bucket the file keeps private. Both
  // must agree, so this is never more open than hosted, whichever of the two it follows.
  const declared = ctx.limits?.buckets[bucket.id]?.public
  if (!bucket.public || declared === false) throw bucketNotFound()
  return serveWithoutPolicies(ctx, bucketId, name)
}

async function signObject(
  ctx: StorageContext,
  claims: JwtClaims,
  bucketId: string,
  name: string,
  body: unknown,
) {
  const expiresIn = signedUrlExpiry(body)
  const row = await withStorageScope(ctx.db, claims, (tx) =>
    jsonRow<{ id: string }>(
      tx,
      `select id from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, name],
    ),
  )
  if (!row) throw objectNotFound()
  const iat = Math.floor(Date.now() / 1000)
  const token = await ctx.keys.sign({
    role: 'storage_signed_url',
    url: `${bucketId}/${name}`,
    iat,
    exp: iat + expiresIn,
  })
  const encodedPath = name.split('/').map(encodeURIComponent).join('/')
  return { signedURL: `/object/sign/${bucketId}/${encodedPath}?token=${token}` }
}

/**
 * Many signed URLs in one request, as hosted signs them (src/storage/object.ts,
 * signObjectUrls): the objects the caller's policies let them see are signed, every other path
 * gets an error in its place, and the answer is 200 either way. The path in each URL is as
 * given, not encoded: supabase-js encodes the whole URL (StorageFileApi.createSignedUrls).
 */
async function signObjects(
  ctx: StorageContext,
  claims: JwtClaims,
  bucketId: string,
  body: unknown,
) {
  const { expiresIn, paths } = signedUrlPaths(body)
  const visible = await withStorageScope(ctx.db, claims, (tx) =>
    jsonRows<{ name: string }>(
      tx,
      `select name from storage.objects where bucket_id = $1 and name = any($2::text[])`,
      [bucketId, paths],
    ),
  )
  const names = new Set(visible.map(({ name }) => name))
  const iat = Math.floor(Date.now() / 1000)
  return Promise.all(
    paths.map(async (path) => {
      if (!names.has(path))
        return {
          error: 'Either the object does not exist or you do not have access to it',
          path,
          signedURL: null,
        }
      const token = await ctx.keys.sign({
        role: 'storage_signed_url',
        url: `${bucketId}/${path}`,
        iat,
        exp: iat + expiresIn,
      })
      return { error: null, path, signedURL: `/object/sign/${bucketId}/${path}?token=${token}` }
    }),
  )
}

async function serveSigned(
  ctx: StorageContext,
  url: URL,
  bucketId: string,
  name: string,
): Promise<Response> {
  const token = url.searchParams.get('token') ?? ''
  let claims: JwtClaims
  try {
    claims = await ctx.keys.verify(token)
  } catch {
    throw new StorageError(400, 'InvalidJWT', 'jwt expired or invalid')
  }
  if (claims.role !== 'storage_signed_url' || claims.url !== `${bucketId}/${name}`) {
    throw new StorageError(400, 'InvalidSignature', 'The url does not match the signature')
  }
  return serveWithoutPolicies(ctx, bucketId, name)
}

async function listObjects(
  ctx: StorageContext,
  claims: JwtClaims,
  bucketId: string,
  body: unknown,
) {
  const options = listOptions(body)
  // Hosted reads a prefix as a folder: "a" lists "a/…", and "/a" or "a//" list nothing
  // (src/storage/object.ts searchObjects).
  const prefix =
    options.prefix === '' || options.prefix.endsWith('/') ? options.prefix : `${options.prefix}/`
  // LIKE wildcards in a user's prefix must match literally.
  const pattern = `${prefix.replace(/[\\%_]/g, '\\$&')}%`
  const rows = await withStorageScope(ctx.db, claims, (tx) =>
    jsonRows<ObjectRow>(
      tx,
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name like $2 escape '\\'`,
      [bucketId, pattern],
    ),
  )
  return listFolder(rows, prefix, options)
}

async function removeObjects(
  ctx: StorageContext,
  claims: JwtClaims,
  bucketId: string,
  body: unknown,
) {
  const prefixes = deletePrefixes(body)
  const removed = await withStorageScope(ctx.db, claims, (tx) =>
    jsonRows<ObjectRow>(
      tx,
      `delete from storage.objects where bucket_id = $1 and name in (select json_array_elements_text($2::json)) returning ${OBJECT_COLUMNS}`,
      [bucketId, JSON.stringify(prefixes)],
    ),
  )
  await Promise.all(removed.map((row) => ctx.blobs.remove(row.id)))
  return removed
}
