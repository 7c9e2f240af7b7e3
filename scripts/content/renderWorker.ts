/**
 * A rendering thread: one highlighter, then markdown bodies in. Each document's HTML goes
 * straight into this thread's pack in the render cache (renderCache.ts); only its headings,
 * word count and location go back to the main thread.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads'
import { countWords } from '../../src/features/content/countWords.ts'
import { renderMarkdown } from '../../src/features/content/markdown.ts'
import { createCodeHighlighter } from './highlighter.ts'
import { CLOSE_PACK, PACK_CLOSED, PackWriter, type StoredDocument } from './renderCache.ts'

export interface RenderJob {
  id: number
  body: string
}

/** A rendered document as the cache stores it, with its place in the batch. */
export type RenderedSummary = StoredDocument & { id: number }

const { langs, siteOrigin, cacheDir } = workerData as {
  langs: string[]
  siteOrigin: string
  cacheDir: string
}
const highlight = await createCodeHighlighter(langs)
const pack = new PackWriter(cacheDir, threadId)

async function renderBatch(jobs: RenderJob[]): Promise<RenderedSummary[]> {
  const rendered = jobs.map((job) => {
    const { html, headings, words } = renderMarkdown(job.body, {
      highlight,
      siteOrigin,
      countWords,
    })
    return { id: job.id, headings, words, written: pack.append(html) }
  })
  return Promise.all(
    rendered.map(async ({ written, ...summary }) => ({ ...summary, location: await written })),
  )
}

parentPort?.on('message', (message: RenderJob[] | typeof CLOSE_PACK) => {
  const answer =
    message === CLOSE_PACK ? pack.close().then(() => PACK_CLOSED) : renderBatch(message)
  answer.then(
    (reply) => parentPort?.postMessage(reply),
    (error: unknown) => {
      // An unwritable cache must fail the build, as a render error does.
      throw error
    },
  )
})
parentPort?.postMessage('ready')
