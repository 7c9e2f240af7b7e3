/**
 * The one place that talks to object storage. Paths are relative to the configured prefix, so
 * the rest of the deploy never sees bucket names or key prefixes.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { StorageTarget } from './config.ts'

export interface StoredObject {
  path: string
  /** ETag without quotes; the hex MD5 of the content for objects stored by a single PUT. */
  etag: string
  size: number
  lastModified?: Date
}

export interface ObjectHeaders {
  contentType: string
  cacheControl: string
}

export interface ObjectStore {
  readonly description: string
  list(): Promise<Map<string, StoredObject>>
  /** The object's text, or null when there is no such object. */
  getText(path: string): Promise<string | null>
  put(path: string, body: Buffer, headers: ObjectHeaders): Promise<void>
  delete(path: string): Promise<void>
}

export class StorageError extends Error {
  override name = 'StorageError'
}

function explain(error: unknown, target: StorageTarget, action: string): StorageError {
  const where = `bucket "${target.bucket}" at ${target.endpoint}`
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode
    if (error.name === 'NoSuchBucket') {
      return new StorageError(`${where} does not exist. Create it, or fix FOLIO_S3_BUCKET.`)
    }
    if (
      ['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'Forbidden'].includes(
        error.name,
      ) ||
      status === 403
    ) {
      return new StorageError(
        `${where} refused the credentials while trying to ${action} (${error.name}). Check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and FOLIO_S3_REGION.`,
      )
    }
    return new StorageError(`Could not ${action} in ${where}: ${error.name} (HTTP ${status}).`)
  }
  const code = (error as { code?: string }).code
  return new StorageError(
    `Could not ${action}: ${code ?? (error as Error).message}. Is ${target.endpoint} reachable?`,
  )
}

export function createS3Store(target: StorageTarget): ObjectStore {
  const client = new S3Client({
    endpoint: target.endpoint,
    region: target.region,
    forcePathStyle: target.forcePathStyle,
    credentials: {
      accessKeyId: target.accessKeyId,
      secretAccessKey: target.secretAccessKey,
      sessionToken: target.sessionToken,
    },
    // Newer SDKs add CRC checksums to every request; several S3-compatible servers reject them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = target.bucket
  const key = (path: string) => `${target.prefix}${path}`
  const guard = async <T>(action: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      throw explain(error, target, action)
    }
  }

  return {
    description: `s3://${target.bucket}/${target.prefix} at ${target.endpoint}`,

    list: () =>
      guard('list objects', async () => {
        const objects = new Map<string, StoredObject>()
        let ContinuationToken: string | undefined
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket, Prefix: target.prefix, ContinuationToken }),
          )
          for (const object of page.Contents ?? []) {
            if (!object.Key) continue
            const path = object.Key.slice(target.prefix.length)
            objects.set(path, {
              path,
              etag: (object.ETag ?? '').replaceAll('"', ''),
              size: object.Size ?? 0,
              lastModified: object.LastModified,
            })
          }
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
        } while (ContinuationToken)
        return objects
      }),

    getText: (path) =>
      guard(`read ${path}`, async () => {
        try {
          const object = await client.send(new GetObjectCommand({ Bucket, Key: key(path) }))
          return (await object.Body?.transformToString('utf8')) ?? ''
        } catch (error) {
          if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null
          throw error
        }
      }),

    put: (path, body, headers) =>
      guard(`upload ${path}`, async () => {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key(path),
            Body: body,
            ContentType: headers.contentType,
            CacheControl: headers.cacheControl,
          }),
        )
      }),

    delete: (path) =>
      guard(`delete ${path}`, async () => {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key(path) }))
      }),
  }
}
