/// <reference lib="webworker" />
/**
 * The preview's Web Worker: markdown in, sanitised HTML out, cut into blocks for the page to
 * patch. Rendering and highlighting a long
 * note takes tens of milliseconds; here it never delays a keystroke.
 */
import { grammarLoaders } from './grammarLoaders'
import { splitHtmlBlocks } from './htmlBlocks'
import { createPreviewRenderer } from './previewRenderer'
import { createBrowserHighlighter } from './shikiBrowser'
import type { PreviewRequest, PreviewResponse } from './previewProtocol'

const renderer = createPreviewRenderer({
  languages: grammarLoaders,
  createHighlighter: createBrowserHighlighter,
})
const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = async (event: MessageEvent<PreviewRequest>) => {
  const { id, markdown, siteOrigin } = event.data
  let response: PreviewResponse
  try {
    response = { id, blocks: splitHtmlBlocks(await renderer.render(markdown, siteOrigin)) }
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) }
  }
  scope.postMessage(response)
}
