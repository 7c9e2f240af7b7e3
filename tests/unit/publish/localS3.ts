/**
 * A real S3 API for the deploy tests: s3rver in a temp dir, behind a small proxy that records
 * every request in arrival order and can answer chosen uploads with a server error, the way a
 * flaky or failing storage provider would.
 */
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { mkdtemp, rm } from 'node:fs/promises'
import {
  createServer,
  request as forward,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

export interface RecordedRequest {
  method: string
  bucket: string
  /** Object key, '' for bucket-level requests. */
  key: string
}

interface Fault {
  key: string
  /** How many uploads of the key still fail; Infinity for a persistent failure. */
  remaining: number
}

export interface StoredHeaders {
  contentType: string | undefined
  cacheControl: string | undefined
}

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export class LocalS3 {
  readonly requests: RecordedRequest[] = []
  private faults: Fault[] = []
  private bucketCount = 0

  private constructor(
    private readonly s3rver: S3rver,
    private readonly proxy: Server,
    private readonly directory: string,
    /** Talks to s3rver directly, so the tests' own reads are not recorded. */
    readonly client: S3Client,
    readonly endpoint: string,
  ) {}

  static async start(): Promise<LocalS3> {
    const directory = await mkdtemp(join(tmpdir(), 'folio-s3-'))
    const s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true })
    const { port } = (await s3rver.run()) as AddressInfo
    const proxy = createServer()
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const client = new S3Client({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: CREDENTIALS,
    })
    const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
    const localS3 = new LocalS3(s3rver, proxy, directory, client, endpoint)
    proxy.on('request', (incoming, outgoing) => localS3.handle(incoming, outgoing, port))
    return localS3
  }

  private handle(incoming: IncomingMessage, outgoing: ServerResponse, port: number) {
    const { pathname } = new URL(incoming.url ?? '/', 'http://localhost')
    const [, bucket = '', ...rest] = pathname.split('/').map(decodeURIComponent)
    const key = rest.join('/')
    this.requests.push({ method: incoming.method ?? '', bucket, key })
    const fault = this.faults.find((candidate) => candidate.key === `${bucket}/${key}`)
    if (incoming.method === 'PUT' && fault && fault.remaining > 0) {
      fault.remaining--
      incoming.resume()
      incoming.on('end', () =>
        outgoing
          .writeHead(500, { 'Content-Type': 'application/xml' })
          .end(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>Injected failure</Message></Error>',
          ),
      )
      return
    }
    const upstream = forward(
      {
        host: '127.0.0.1',
        port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers)
        response.pipe(outgoing)
      },
    )
    incoming.pipe(upstream)
  }

  /** Makes uploads of `bucket/key` fail with HTTP 500, `times` times (default: always). */
  failUploads(bucket: string, key: string, times = Infinity): void {
    this.faults.push({ key: `${bucket}/${key}`, remaining: times })
  }

  clearFaults(): void {
    this.faults = []
  }

  async createBucket(): Promise<string> {
    const bucket = `site-${++this.bucketCount}`
    await this.client.send(new CreateBucketCommand({ Bucket: bucket }))
    return bucket
  }

  /** The environment `npm run deploy` needs to publish into `bucket` through the proxy. */
  env(bucket: string, extra: Record<string, string> = {}): Record<string, string> {
    return {
      FOLIO_S3_BUCKET: bucket,
      FOLIO_S3_ENDPOINT: this.endpoint,
      FOLIO_S3_REGION: 'us-east-1',
      FOLIO_S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      ...extra,
    }
  }

  /** Keys of the uploads to `bucket` in the order they reached the server. */
  uploadsTo(bucket: string): string[] {
    return this.requests
      .filter((request) => request.bucket === bucket && request.method === 'PUT' && request.key)
      .map((request) => request.key)
  }

  writesTo(bucket: string): RecordedRequest[] {
    return this.requests.filter(
      (request) =>
        request.bucket === bucket && (request.method === 'PUT' || request.method === 'DELETE'),
    )
  }

  async keys(bucket: string): Promise<string[]> {
    const listing = await this.client.send(new ListObjectsV2Command({ Bucket: bucket }))
    return (listing.Contents ?? []).map((object) => object.Key!).sort()
  }

  async headers(bucket: string, key: string): Promise<StoredHeaders> {
    const head = await this.client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
    return { contentType: head.ContentType, cacheControl: head.CacheControl }
  }

  async text(bucket: string, key: string): Promise<string> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
    return object.Body!.transformToString('utf8')
  }

  /** An object someone else stored in the bucket (not by the deploy). */
  async putForeign(bucket: string, key: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'not ours' }))
  }

  async stop(): Promise<void> {
    this.client.destroy()
    await new Promise((resolve) => this.proxy.close(resolve))
    await this.s3rver.close()
    await rm(this.directory, { recursive: true, force: true })
  }
}
