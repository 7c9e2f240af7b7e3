/**
 * The page's side of the preview: one worker per open workspace, the newest text wins (while a
 * render runs, only the latest of the texts typed meanwhile is sent next). Only changes travel:
 * the page sends the edit since the last text it sent, and gets back the blocks that differ
 * from the last answer (previewProtocol.ts).
 */
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

export function createPreviewClient(): PreviewClient {
  const siteOrigin = window.location.origin
  let worker: Worker | null = null
  try {
    worker = new Worker(new URL('./previewWorker.ts', import.meta.url), {
      type: 'module',
      name: 'folio-preview',
    })
  } catch {
    worker = null
  }
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

  let nextId = 0
  let running: { id: number; waiter: Waiter } | null = null
  let queued: { markdown: string; waiter: Waiter } | null = null
  /** The text the worker holds, and the blocks of its last answer. */
  let sentText = ''
  let blocks: string[] = []

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
      worker?.terminate()
      queued?.waiter.resolve(null)
      running?.waiter.resolve(null)
      queued = null
      running = null
    },
  }
}
