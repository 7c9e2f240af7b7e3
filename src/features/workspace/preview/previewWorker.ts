/// <reference lib="webworker" />
/**
 * The preview's Web Worker: markdown in, sanitised HTML out, cut into blocks for the page to
 * patch. Rendering and highlighting a long note takes tens of milliseconds; here it never
 * delays a keystroke. It keeps the text and the blocks of the last request, so only changes
 * travel between it and the page (previewProtocol.ts).
 */
import { applyTextChange } from '../textChange'
import { blockChange } from './blockChange'
import { grammarLoaders } from './grammarLoaders'
import { namedReferencesFor } from './namedCharacterReferences'
import { createPreviewRenderer } from './previewRenderer'
import type { PreviewRequest, PreviewResponse } from './previewProtocol'

const renderer = createPreviewRenderer({
  languages: grammarLoaders,
  // Shiki and its regex engine load with the first block in a language it colours: a note
  // without one (prose, or code in no named language) never downloads them.
  createHighlighter: () =>
    import('./shikiBrowser').then((shiki) => shiki.createBrowserHighlighter()),
})
const scope = self as unknown as DedicatedWorkerGlobalScope
let markdown = ''
let blocks: string[] = []

scope.onmessage = async (event: MessageEvent<PreviewRequest>) => {
  const { id, change, siteOrigin } = event.data
  markdown = applyTextChange(markdown, change)
  let response: PreviewResponse
  try {
    await namedReferencesFor(markdown)
    const next = await renderer.render(markdown, siteOrigin)
    response = { id, change: blockChange(blocks, next), lines: renderer.blockLines().slice() }
    blocks = next
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) }
  }
  scope.postMessage(response, 'lines' in response ? [response.lines.buffer] : [])
}
