/**
 * Finishes the prerendered pages on a thread of their own. Prerendering runs on one thread, and
 * about a quarter of its time went to making each page final once React had rendered it: its
 * documents' HTML filled in, its preloads, PageFinisher's rewrites (state, hydration, inlined
 * CSS), its secret scan and script hashes. Here that work runs on the second core
 * (finishingWorker.ts) while the main thread renders the next pages; vite-react-ssg's hooks hand
 * each page over and wait for it, as they awaited PageFinisher before.
 */
import { rm } from 'node:fs/promises'
import { Worker } from 'node:worker_threads'
import type { FinishedPages, PageFindings } from './finishBuild.ts'
import type { ReusedPage } from './pageCache.ts'
import { bundleWorkerFile, loaded } from './workerFile.ts'

/**
 * The finishing thread's heap, in MB. Its live data is small (the stylesheets, the findings, the
 * pages in flight), but left to V8's defaults its garbage grew beside the main thread's, and a
 * cold build of 1,000 code-heavy posts peaked at 819 MB, over the build's 800 MB. With these
 * limits, two such builds peaked at 620 and 624 MB (with a 128 MB old generation, four at
 * 594–634 MB). A page whose finishing needs more than this fails the build with V8's
 * out-of-memory error on that thread, as a render thread's does.
 */
export const FINISHING_OLD_GENERATION_MB = 192
export const FINISHING_YOUNG_GENERATION_MB = 16

export interface FinishingWorkerData {
  outDir: string
  /** Where each document's HTML is in the render cache, by its prose slot (proseSlots.ts). */
  proseLocations: Map<string, string>
}

export type FinishingRequest = { id: number } & (
  | { kind: 'page'; route: string; html: string; preloads: string[] }
  | { kind: 'payload'; file: string; loaderData: unknown }
  | { kind: 'reused'; route: string; page: ReusedPage }
  | { kind: 'findings' }
)

/** A request as the main thread makes it; the thread's `ask` numbers it. */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never

export interface FinishingReply {
  id: number
  /** The finished page, as UTF-8 (finishedBytes). */
  html?: Uint8Array
  linkTargets?: string[]
  /** The payload's JSON, as UTF-8 (finishedBytes). */
  json?: Uint8Array
  findings?: PageFindings
  secrets?: string[]
  /** The stack of what failed on the thread. */
  error?: string
}

/**
 * A finished text as the bytes its file holds, made on the finishing thread. The main thread
 * writes each page and payload, and keeps it in the page cache: given text, it encoded each twice
 * (≈ 155 ms a thousand-post build, on the thread every page waits for) after copying it out of
 * the message. Bytes made there come over by transfer, not copied, and are written as they are.
 */
export function finishedBytes(text: string): { bytes: Uint8Array; transfer: ArrayBuffer } {
  // TextEncoder, not Buffer.from: a short Buffer lies in a pool shared with others, and
  // transferring its ArrayBuffer would take the whole pool from this thread.
  const bytes = new TextEncoder().encode(text)
  return { bytes, transfer: bytes.buffer as ArrayBuffer }
}

/** Bytes from the thread as a Buffer over the same memory (the dev server sends Buffers). */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

export class FinishingThread {
  private worker: Promise<Worker> | undefined
  private nextId = 0
  private readonly waiting = new Map<
    number,
    { resolve: (reply: FinishingReply) => void; reject: (error: Error) => void }
  >()
  private readonly linkTargets = new Map<string, string[]>()
  private ended = false

  constructor(
    private readonly outDir: string,
    private readonly proseLocations: () => Promise<Map<string, string>>,
  ) {}

  /** Starts the thread, if it has not started, so that the first page does not wait for it. */
  start(): Promise<Worker> {
    this.worker ??= (async () => {
      const file = await bundleWorkerFile('scripts/build/finishingWorker.ts', 'finishing-worker')
      const workerData: FinishingWorkerData = {
        outDir: this.outDir,
        proseLocations: await this.proseLocations(),
      }
      const worker = new Worker(file, {
        workerData,
        resourceLimits: {
          maxOldGenerationSizeMb: FINISHING_OLD_GENERATION_MB,
          maxYoungGenerationSizeMb: FINISHING_YOUNG_GENERATION_MB,
        },
      })
      // A build that fails must still exit: the thread does not hold the process open.
      worker.unref()
      // Once it has loaded its file, the file can go.
      await loaded(worker).finally(() => rm(file, { force: true }))
      worker.on('message', (reply: FinishingReply) => this.settle(reply))
      worker.on('error', (error) => this.failAll(error))
      worker.on('exit', (code) => this.failAll(new Error(`The finishing thread exited (${code})`)))
      return worker
    })()
    return this.worker
  }

  /**
   * A page as vite-react-ssg rendered it, made final (onPageRendered), with links that preload
   * the files its render used (`preloads`): the bytes of the page file.
   */
  async page(route: string, html: string, preloads: string[]): Promise<Buffer> {
    const reply = await this.ask({ kind: 'page', route, html, preloads })
    this.linkTargets.set(route, reply.linkTargets ?? [])
    return asBuffer(reply.html as Uint8Array)
  }

  /**
   * A page's loader data as its payload file's JSON, with its documents' HTML (onLoaderData):
   * the bytes of the payload file.
   */
  async payload(file: string, loaderData: unknown): Promise<Buffer> {
    return asBuffer((await this.ask({ kind: 'payload', file, loaderData })).json as Uint8Array)
  }

  /** A page the cache wrote again: checked as PageFinisher.reused does. */
  async reused(route: string, page: ReusedPage): Promise<void> {
    await this.ask({ kind: 'reused', route, page })
  }

  /** The references recorded when `route` was finished, for the page cache. */
  linkTargetsOf(route: string): string[] {
    return this.linkTargets.get(route) ?? []
  }

  /** What finishing every page found, for finishBuild; then the thread ends. */
  async finished(): Promise<FinishedPages> {
    const { findings, secrets } = await this.ask({ kind: 'findings' })
    this.ended = true
    const worker = await this.start()
    worker.removeAllListeners('exit')
    await worker.terminate()
    return { findings: findings as PageFindings, secrets: async () => secrets ?? [] }
  }

  private async ask(request: Unnumbered<FinishingRequest>): Promise<FinishingReply> {
    if (this.ended) throw new Error('The finishing thread has ended: every page was finished')
    const worker = await this.start()
    const id = this.nextId++
    return new Promise<FinishingReply>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject })
      worker.postMessage({ ...request, id })
    })
  }

  private settle(reply: FinishingReply): void {
    const waiter = this.waiting.get(reply.id)
    if (!waiter) return
    this.waiting.delete(reply.id)
    if (reply.error !== undefined) waiter.reject(new Error(reply.error))
    else waiter.resolve(reply)
  }

  private failAll(error: Error): void {
    for (const { reject } of this.waiting.values()) reject(error)
    this.waiting.clear()
  }
}
