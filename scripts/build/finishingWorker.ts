/**
 * The finishing thread's side (finishingThread.ts): each page and payload vite-react-ssg renders
 * goes through FinishingSteps here, while the main thread renders the next pages.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { FinishingSteps } from './finishingSteps.ts'
import type { FinishingReply, FinishingRequest, FinishingWorkerData } from './finishingThread.ts'

const { outDir, proseLocations } = workerData as FinishingWorkerData
const steps = new FinishingSteps(outDir, proseLocations)

async function answer(request: FinishingRequest): Promise<FinishingReply> {
  switch (request.kind) {
    case 'page': {
      const html = await steps.page(request.route, request.html, request.preloads)
      return { id: request.id, html, linkTargets: steps.pages.linkTargetsOf(request.route) }
    }
    case 'payload':
      return { id: request.id, json: await steps.payload(request.file, request.loaderData) }
    case 'reused':
      await steps.pages.reused(request.route, request.page)
      return { id: request.id }
    case 'findings':
      return {
        id: request.id,
        findings: steps.pages.findings,
        secrets: await steps.pages.secrets(),
      }
  }
}

parentPort?.on('message', (request: FinishingRequest) => {
  answer(request).then(
    (reply) => parentPort?.postMessage(reply),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  )
})
// Loaded: the thread's file may go.
parentPort?.postMessage('ready')
