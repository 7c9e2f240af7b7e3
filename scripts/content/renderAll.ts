/**
 * Renders markdown bodies on every core, skipping bodies rendered before: results are cached
 * on disk by a hash of the body and of the pipeline's own source, so an unchanged post costs
 * nothing but its line in the cache's index, and a pipeline change re-renders everything.
 *
 * A document's HTML stays on disk: the render thread appends it to its pack in the cache
 * (renderCache.ts) and hands back only its headings, word count and location. The build reads
 * each document's HTML when a page needs it, so the main process never holds every post at
 * once: with code-heavy posts (≈ 100 KB of HTML each, stored by V8 as two bytes a character)
 * that was ≈ 200 MB for a thousand of them.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, readdir, rm } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { bundleWorkerFile, loaded } from '../build/workerFile.ts'
import {
  CLOSE_PACK,
  PACK_CLOSED,
  PackReader,
  readIndex,
  writeIndex,
  type StoredDocument,
} from './renderCache.ts'
import type { RenderJob, RenderedSummary } from './renderWorker.ts'

// Not import.meta.url: Vite bundles this file into its config, which lives elsewhere. Every
// entry point (npm scripts, Vitest, the bench) runs from the repository root.
const repoRoot = process.cwd()

/**
 * Files whose change must invalidate every cached render: the pipeline's modules, every one
 * they import (renderAll.test.ts checks that none is missing), and the lock file, since an
 * upgrade of micromark, the sanitiser or shiki can change what the same markdown becomes.
 * The dependency patches count too (pipelineFiles).
 */
export const PIPELINE_FILES = [
  'src/features/content/markdown.ts',
  'src/features/content/remarkGfmSyntax.ts',
  'src/features/content/autolinkLiterals.ts',
  'src/features/content/gfmTables.ts',
  'src/features/content/tableCellLimit.ts',
  'src/features/content/plainParagraphs.ts',
  'src/features/content/forEachElement.ts',
  'src/features/content/rehypeDecorate.ts',
  'src/features/content/countWords.ts',
  'src/features/content/autoDirection.ts',
  'src/features/content/headingLevels.ts',
  'src/features/content/highlightCode.ts',
  'src/features/content/slugger.ts',
  'src/features/content/themes.ts',
  'scripts/content/highlighter.ts',
  'scripts/content/blockHtml.ts',
  'scripts/content/replayingRegexEngine.ts',
  'package-lock.json',
]

/** PIPELINE_FILES and every patch to a dependency, which changes its code as an upgrade does. */
export async function pipelineFiles(): Promise<string[]> {
  const patches = (await readdir(path.join(repoRoot, 'patches'))).sort()
  return [...PIPELINE_FILES, ...patches.map((patch) => `patches/${patch}`)]
}

export async function pipelineVersion(): Promise<string> {
  const hash = createHash('sha256')
  for (const file of await pipelineFiles()) hash.update(await readFile(path.join(repoRoot, file)))
  return hash.digest('hex').slice(0, 16)
}

/** Bumped when what a render key names changes, so older entries are not misread. */
const CACHE_LAYOUT = 'html-in-packs'

/** A rendered document: its headings and words, and where its HTML is (readRenderedHtml). */
export type RenderedDocument = StoredDocument

/** One document's HTML, read from the cache (a build reads many through one PackReader). */
export async function readRenderedHtml(document: RenderedDocument): Promise<string> {
  const reader = new PackReader()
  try {
    return await reader.read(document.location)
  } finally {
    await reader.close()
  }
}

export interface RenderStats {
  rendered: number
  cached: number
}

/**
 * A render thread's young generation, in MB (V8's default is 32). Tokenising code makes many
 * short-lived objects, and with the default they were scavenged far more often than they live:
 * more young space took a 300-post render from ≈ 26 to ≈ 18–20 ms of CPU per post.
 */
export const RENDER_YOUNG_GENERATION_MB = 64

/**
 * A render thread's old generation, in MB. A thread's live data is ≈ 25 MB (grammars, the
 * highlight memo, the batch at hand), but V8 let the old space grow to ≈ 210 MB of garbage on
 * code-heavy posts before collecting it, and with both threads at their peak beside Vite's
 * bundlers a cold build reached 860 MB. With this cap (and 64 MB young) a thread's heap stays
 * near 135 MB, at a price: more collections, ≈ 20% more time rendering standard posts in
 * back-to-back builds (decision 0028). A single document needing more than this fails the build
 * with V8's out-of-memory error in the render thread.
 */
export const RENDER_OLD_GENERATION_MB = 192

export function startWorker(
  file: string,
  langs: string[],
  siteOrigin: string,
  cacheDir: string,
): Promise<Worker> {
  return loaded(
    new Worker(file, {
      workerData: { langs, siteOrigin, cacheDir },
      resourceLimits: {
        maxYoungGenerationSizeMb: RENDER_YOUNG_GENERATION_MB,
        maxOldGenerationSizeMb: RENDER_OLD_GENERATION_MB,
      },
    }),
  )
}

/** The most documents a thread is handed at once. */
const MAX_BATCH = 25

/**
 * How many documents to hand a thread when `remaining` are queued for `threads`: a quarter of
 * its share, at most MAX_BATCH, so batches shrink as the queue drains and the threads finish
 * together, instead of one rendering a last batch of 25 while the other waits.
 */
export function batchSize(remaining: number, threads: number): number {
  return Math.max(1, Math.min(MAX_BATCH, Math.ceil(remaining / (threads * 4))))
}

/**
 * Feeds one worker batches from the shared queue until it is empty. Two batches are in flight,
 * so the worker starts the next as soon as it has posted one, instead of idling until this
 * (often busy) thread has taken the results in and answered.
 */
function feedWorker(
  worker: Worker,
  queue: RenderJob[],
  threads: number,
  onResults: (results: RenderedSummary[]) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let inFlight = 0
    const sendNext = () => {
      const batch = queue.splice(0, batchSize(queue.length, threads))
      if (batch.length === 0) return
      inFlight += 1
      worker.postMessage(batch)
    }
    const stop = () => {
      worker.off('message', onMessage)
      worker.off('error', onError)
    }
    const resolveIfIdle = () => {
      if (inFlight > 0) return
      stop()
      resolve()
    }
    const onMessage = (results: RenderedSummary[]) => {
      inFlight -= 1
      sendNext()
      onResults(results)
      resolveIfIdle()
    }
    const onError = (error: Error) => {
      stop()
      reject(error)
    }
    worker.on('message', onMessage)
    worker.on('error', onError)
    sendNext()
    sendNext()
    resolveIfIdle()
  })
}

/**
 * Closes a thread's pack once it has answered every batch, so every document it wrote is in
 * the file before the index names it.
 */
function closePack(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (message !== PACK_CLOSED) return
      worker.off('message', onMessage)
      worker.off('error', reject)
      resolve()
    }
    worker.on('message', onMessage)
    worker.once('error', reject)
    worker.postMessage(CLOSE_PACK)
  })
}

export async function renderAll(
  bodies: string[],
  options: { langs: string[]; siteOrigin: string; cacheDir: string },
): Promise<{ results: RenderedDocument[]; stats: RenderStats }> {
  const version = await pipelineVersion()
  await mkdir(options.cacheDir, { recursive: true })
  const keys = bodies.map((body) =>
    createHash('sha256')
      .update(CACHE_LAYOUT)
      .update(version)
      .update(options.siteOrigin)
      .update(body)
      .digest('hex'),
  )
  const stored = await readIndex(options.cacheDir)
  const results: (RenderedDocument | undefined)[] = keys.map((key) => stored.get(key))
  const pending: RenderJob[] = []
  results.forEach((result, id) => {
    if (!result) pending.push({ id, body: bodies[id] as string })
  })
  if (pending.length > 0) {
    // A worker costs ~300 ms to start (shiki's grammars): not worth it for a handful of posts.
    const threads = Math.max(1, Math.min(availableParallelism(), Math.ceil(pending.length / 20)))
    const workerFile = await bundleWorkerFile('scripts/content/renderWorker.ts', 'render-worker')
    const workers = await Promise.all(
      Array.from({ length: threads }, () =>
        startWorker(workerFile, options.langs, options.siteOrigin, options.cacheDir),
      ),
    ).finally(() => rm(workerFile, { force: true }))
    try {
      const queue = [...pending]
      await Promise.all(
        workers.map(async (worker) => {
          await feedWorker(worker, queue, threads, (rendered) => {
            for (const { id, headings, words, location } of rendered) {
              results[id] = { headings, words, location }
            }
          })
          await closePack(worker)
        }),
      )
    } finally {
      await Promise.all(workers.map((worker) => worker.terminate()))
    }
  }
  const documents = results as RenderedDocument[]
  // The index only saves the next build time: one that cannot be written does not fail this one.
  await writeIndex(
    options.cacheDir,
    new Map(keys.map((key, id) => [key, documents[id] as RenderedDocument])),
  ).catch(() => undefined)
  return {
    results: documents,
    stats: { rendered: pending.length, cached: bodies.length - pending.length },
  }
}
