/**
 * The finishing thread's side (finishingThread.ts): each page and payload vite-react-ssg renders
 * goes through FinishingSteps here, while the main thread renders the next pages.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { FinishingSteps } from './finishingSteps.ts'
import {
  finishedBytes,
  type FinishingReply,
  type FinishingRequest,
  type FinishingWorkerData,
} from './finishingThread.ts'

const { outDir, proseLocations } = workerData as FinishingWorkerData
const steps = new FinishingSteps(outDir, proseLocations)

/** A reply, and the memory it hands over rather than copies (finishedBytes). */
type Answer = [FinishingReply, ArrayBuffer[]]

async function answer(request: FinishingRequest): Promise<Answer> {
  switch (request.kind) {
    case 'page': {
      const html = finishedBytes(await steps.page(request.route, request.html, request.preloads))
      const linkTargets = steps.pages.linkTargetsOf(request.route)
      return [{ id: request.id, html: html.bytes, linkTargets }, [html.transfer]]
    }
    case 'payload': {
      const json = finishedBytes(await steps.payload(request.file, request.loaderData))
      return [{ id: request.id, json: json.bytes }, [json.transfer]]
    }
    case 'reused':
      await steps.pages.reused(request.route, request.page)
      return [{ id: request.id }, []]
    case 'findings':
      return [
        { id: request.id, findings: steps.pages.findings, secrets: await steps.pages.secrets() },
        [],
      ]
  }
}

parentPort?.on('message', (request: FinishingRequest) => {
  answer(request).then(
    ([reply, transfer]) => parentPort?.postMessage(reply, transfer),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  )
})
// Loaded: the thread's file may go.
parentPort?.postMessage('ready')
