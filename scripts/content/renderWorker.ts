/** A rendering thread: one highlighter, then markdown bodies in, HTML out. */
import { parentPort, workerData } from 'node:worker_threads'
import { renderMarkdown } from '../../src/features/content/markdown.ts'
import { createCodeHighlighter } from './highlighter.ts'

export interface RenderJob {
  id: number
  body: string
}

const { langs, siteOrigin } = workerData as { langs: string[]; siteOrigin: string }
const highlight = await createCodeHighlighter(langs)

parentPort?.on('message', (jobs: RenderJob[]) => {
  const results = jobs.map((job) => ({ id: job.id, ...renderMarkdown(job.body, { highlight, siteOrigin }) }))
  parentPort?.postMessage(results)
})
parentPort?.postMessage('ready')
