/**
 * The page's side of the preview: one worker per open workspace, the newest text wins (while a
 * render runs, only the latest of the texts typed meanwhile is sent next). Only changes travel:
 * the page sends the edit since the last text it sent, and gets back the blocks that differ
 * from the last answer (previewProtocol.ts).
 *
 * The worker is handed on from one note to the next: opening a note used to start a worker of
 * its own, which loaded and compiled the preview's code and its grammars again on every switch.
 * A worker still rendering when its note closes is stopped instead (the next note would wait
 * for a render nobody needs), and signing out stops the one kept, with the text it holds.
 */
import { subscribeAuthState, getAuthState } from '../../auth'
import { minimalChange } from '../textChange'
import { applyBlockChange, blockChange } from './blockChange'
import type { PreviewRequest, PreviewResponse } from './previewProtocol'

/** The preview of one text: its HTML in top-level blocks, and where each came from in it. */
export interface RenderedPreview {
  blocks: string[]
  /** Block `i`'s first and last line at `2i` and `2i + 1` (previewProtocol.ts). */
  lines: Uint32Array
}

export interface PreviewClient {
  /** Resolves with the preview of `markdown`, or null when a newer request replaced it. */
  render(markdown: string): Promise<RenderedPreview | null>
  dispose(): void
}

type Waiter = {
  resolve: (rendered: RenderedPreview | null) => void
  reject: (error: Error) => void
}

/** An idle worker from the note closed last, with what it holds: the next note takes it. */
interface KeptWorker {
  worker: Worker
  sentText: string
  blocks: string[]
  nextId: number
}
let kept: KeptWorker | null = null
let stoppingOnSignOut = false

function stopKeptOnSignOut(): void {
  if (stoppingOnSignOut) return
  stoppingOnSignOut = true
  subscribeAuthState(() => {
    if (getAuthState().status === 'signed-in' || !kept) return
    kept.worker.terminate()
    kept = null
  })
}

function startWorker(): Worker | null {
  try {
    return new Worker(new URL('./previewWorker.ts', import.meta.url), {
      type: 'module',
      name: 'folio-preview',
    })
  } catch {
    return null
  }
}

export function createPreviewClient(): PreviewClient {
  const siteOrigin = window.location.origin
  const handedOn = kept
  kept = null
  const worker: Worker | null = handedOn?.worker ?? startWorker()
  let failed = false
  // Without workers, the same pipeline renders in the page, without colouring code: shiki's
  // grammars are bundled for the worker only.
  const inPage = worker
    ? null
    : Promise.all([import('../../content/pipeline'), import('./htmlBlocks')]).then(
        ([{ renderMarkdown }, { splitHtmlBlocks }]) => ({
          render: async (markdown: string, origin: string) => {
            const rendered = renderMarkdown(markdown, { siteOrigin: origin, sourceLines: true })
            return {
              blocks: splitHtmlBlocks(rendered.html),
              lines: Uint32Array.from(rendered.blockLines ?? []),
            }
          },
        }),
      )

  // Ids go on from the last note's, so an answer to it that comes late is nobody's.
  let nextId = handedOn?.nextId ?? 0
  let running: { id: number; waiter: Waiter } | null = null
  let queued: { markdown: string; waiter: Waiter } | null = null
  /** The text the worker holds, and the blocks of its last answer. */
  let sentText = handedOn?.sentText ?? ''
  let blocks: string[] = handedOn?.blocks ?? []

  function send(markdown: string, waiter: Waiter): void {
    const id = (nextId += 1)
    running = { id, waiter }
    if (worker) {
      const change = minimalChange(sentText, markdown)
      sentText = markdown
      worker.postMessage({ id, change, siteOrigin } satisfies PreviewRequest)
      return
    }
    void (inPage as NonNullable<typeof inPage>)
      .then((renderer) => renderer.render(markdown, siteOrigin))
      .then(
        (next) => finish({ id, change: blockChange(blocks, next.blocks), lines: next.lines }),
        (error: unknown) => finish({ id, error: String(error) }),
      )
  }

  function finish(response: PreviewResponse): void {
    // Every answer moves the worker's blocks on, whoever still waits for it.
    if ('change' in response) blocks = applyBlockChange(blocks, response.change)
    if (!running || running.id !== response.id) return
    const { waiter } = running
    running = null
    if ('change' in response) waiter.resolve({ blocks, lines: response.lines })
    else waiter.reject(new Error(response.error))
    if (queued) {
      const next = queued
      queued = null
      send(next.markdown, next.waiter)
    }
  }

  if (worker) {
    worker.onmessage = (event: MessageEvent<PreviewResponse>) => finish(event.data)
    worker.onerror = (event) => {
      event.preventDefault()
      failed = true
      if (running) finish({ id: running.id, error: event.message || 'The preview stopped.' })
    }
  }

  return {
    render(markdown) {
      return new Promise<RenderedPreview | null>((resolve, reject) => {
        const waiter = { resolve, reject }
        if (!running) return send(markdown, waiter)
        queued?.waiter.resolve(null) // superseded
        queued = { markdown, waiter }
      })
    },
    dispose() {
      const idle = !running && !queued && !failed
      if (worker && idle && !kept && getAuthState().status === 'signed-in') {
        worker.onmessage = null
        worker.onerror = null
        kept = { worker, sentText, blocks, nextId }
        stopKeptOnSignOut()
      } else worker?.terminate()
      queued?.waiter.resolve(null)
      running?.waiter.resolve(null)
      queued = null
      running = null
    },
  }
}
