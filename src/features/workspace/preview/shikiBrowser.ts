/**
 * Shiki for the browser: the core, the JavaScript regex engine (no WebAssembly, so nothing
 * the site's CSP would have to allow) and the two site themes. Grammars are not included:
 * previewRenderer loads each one, as a file the build copies (scripts/vite/shikiGrammarsPlugin),
 * when a document first uses it.
 */
import { createHighlighterCore, type HighlighterCore } from 'shiki/core'
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript'
import { grammarBase, grammarFiles } from 'virtual:folio-shiki-grammars'
import githubDark from 'shiki/themes/github-dark-default.mjs'
import githubLight from 'shiki/themes/github-light-default.mjs'
import { createPreviewRenderer, type PreviewRenderer } from './previewRenderer'

export function createBrowserHighlighter(): Promise<HighlighterCore> {
  return createHighlighterCore({
    themes: [githubLight, githubDark],
    langs: [],
    // Forgiving: a grammar with a pattern JavaScript cannot run still colours the rest.
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  })
}

/** A loader for every language name and alias, importing its grammar file at run time. */
function grammarLoaders(): Record<string, () => Promise<unknown>> {
  return Object.fromEntries(
    Object.entries(grammarFiles).map(([lang, file]) => [
      lang,
      () => import(/* @vite-ignore */ `${grammarBase}${file}`),
    ]),
  )
}

export function createBrowserPreviewRenderer(): PreviewRenderer {
  return createPreviewRenderer({
    languages: grammarLoaders(),
    createHighlighter: createBrowserHighlighter,
  })
}
