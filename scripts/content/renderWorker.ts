/**
 * A rendering thread: one highlighter, then markdown bodies in. Each document's HTML goes
 * straight to its cache file; only its headings and word count go back to the main thread.
 */
import { writeFile } from 'node:fs/promises'
import { parentPort, workerData } from 'node:worker_threads'
import { renderMarkdown } from '../../src/features/content/markdown.ts'
import type { RenderedMarkdown } from '../../src/features/content/types.ts'
import { createCodeHighlighter } from './highlighter.ts'

export interface RenderJob {
  id: number
  body: string
  /** Where the rendered HTML is written. */
  htmlFile: string
}

export type RenderedSummary = Omit<RenderedMarkdown, 'html'> & { id: number }

const { langs, siteOrigin } = workerData as { langs: string[]; siteOrigin: string }
const highlight = await createCodeHighlighter(langs)

async function renderBatch(jobs: RenderJob[]): Promise<RenderedSummary[]> {
  const writes: Promise<void>[] = []
  const summaries = jobs.map((job) => {
    const { html, headings, words } = renderMarkdown(job.body, { highlight, siteOrigin })
    writes.push(writeFile(job.htmlFile, html))
    return { id: job.id, headings, words }
  })
  await Promise.all(writes)
  return summaries
}

parentPort?.on('message', (jobs: RenderJob[]) => {
  renderBatch(jobs).then(
    (summaries) => parentPort?.postMessage(summaries),
    (error: unknown) => {
      // An unwritable cache must fail the build, as a render error does.
      throw error
    },
  )
})
parentPort?.postMessage('ready')
