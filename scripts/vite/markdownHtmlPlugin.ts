/**
 * Gives @codemirror/lang-markdown the editor's own small HTML tokenizer in place of
 * @codemirror/lang-html (src/features/workspace/editor/htmlInMarkdown.ts), so opening a note no
 * longer loads lang-html, lang-css and lang-javascript (docs/decisions/0029), nor
 * @codemirror/autocomplete, which lang-markdown imports only to complete tag names. Only that one
 * importer is redirected: @codemirror/language-data still loads the real lang-html for `html`
 * fences, on demand, with autocomplete.
 *
 * Only the production client build, like preactClientPlugin: the dev server pre-bundles
 * dependencies with their own imports, and nothing in the prerender loads the editor.
 */
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

export const HTML_IN_MARKDOWN = fileURLToPath(
  new URL('../../src/features/workspace/editor/htmlInMarkdown.ts', import.meta.url),
)

/** What lang-markdown imports for HTML that htmlInMarkdown.ts stands in for. */
const REDIRECTED = new Set(['@codemirror/lang-html', '@codemirror/autocomplete'])

/** Whether `importer` is lang-markdown's own module (node_modules/@codemirror/lang-markdown/…). */
export function isLangMarkdown(importer: string | undefined): boolean {
  return /[\\/]node_modules[\\/]@codemirror[\\/]lang-markdown[\\/]/.test(importer ?? '')
}

export function markdownHtmlPlugin(): Plugin {
  let building = false
  return {
    name: 'folio-markdown-html',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build'
    },
    resolveId(source, importer) {
      if (!building || !REDIRECTED.has(source) || !isLangMarkdown(importer)) return null
      return HTML_IN_MARKDOWN
    },
  }
}
