/**
 * Shiki for the browser: the core, the JavaScript regex engine (no WebAssembly, so nothing
 * the site's CSP would have to allow) and the two site themes. Grammars are not included:
 * previewRenderer loads each one when a document first uses it (grammarLoaders.ts).
 */
import { createHighlighterCore, type HighlighterCore } from 'shiki/core'
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript'
import githubDark from 'shiki/themes/github-dark-default.mjs'
import githubLight from 'shiki/themes/github-light-default.mjs'

export function createBrowserHighlighter(): Promise<HighlighterCore> {
  return createHighlighterCore({
    themes: [githubLight, githubDark],
    langs: [],
    // Forgiving: a grammar with a pattern JavaScript cannot run still colours the rest.
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  })
}
