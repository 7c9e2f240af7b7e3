/**
 * One shiki highlighter with only the grammars the content uses (loading every bundled grammar
 * costs seconds and hundreds of MB). Two themes, emitted as CSS variables so the page's colour
 * mode picks light or dark without re-rendering.
 */
import { bundledLanguages, createHighlighter, type BundledLanguage } from 'shiki'
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript'
import { createBlockWriter } from './blockHtml.ts'
import { replayingRegexEngine } from './replayingRegexEngine.ts'
import type { CodeHighlighter, Raw } from '../../src/features/content/highlightCode.ts'
import { SHIKI_THEMES } from '../../src/features/content/themes.ts'

/**
 * Distinct code blocks kept highlighted; repeated snippets are few and recent. Kept blocks are
 * live data a render thread's garbage collector marks and V8 sizes the heap by: when they were
 * hast trees, 200 of them held ≈ 17 MB more in a thread rendering code-heavy posts (every block
 * distinct) and grew its heap to ≈ 300 MB instead of ≈ 215 MB, for no hit.
 */
export const MEMO_LIMIT = 32

export function isBundledLanguage(lang: string): lang is BundledLanguage {
  return Object.hasOwn(bundledLanguages, lang)
}

/** Fence languages used in `bodies` that shiki knows (`ts`, `bash`, …). */
export function languagesIn(bodies: string[]): string[] {
  const found = new Set<string>()
  for (const body of bodies) {
    for (const match of body.matchAll(/^\s*(?:```|~~~)\s*([\w+#.-]+)/gm)) {
      const lang = (match[1] as string).toLowerCase()
      if (isBundledLanguage(lang)) found.add(lang)
    }
  }
  return [...found].sort()
}

export async function createCodeHighlighter(langs: string[]): Promise<CodeHighlighter> {
  // Each block is tokenised once per theme with the same scans: the engine replays them. The
  // scans run as JavaScript regular expressions (translated from the grammars' Oniguruma
  // patterns) rather than in Oniguruma's WebAssembly: the same tokens (the content tests
  // compare both on every sample), a third less time on code-heavy posts, and a thread
  // starts without compiling the WebAssembly module.
  const engine = replayingRegexEngine(createJavaScriptRegexEngine())
  const shiki = await createHighlighter({
    themes: Object.values(SHIKI_THEMES),
    langs: langs.filter(isBundledLanguage),
    engine,
  })
  const loaded = new Set(shiki.getLoadedLanguages())
  const options = (lang: BundledLanguage | 'text') =>
    ({
      lang,
      themes: SHIKI_THEMES,
      // Shiki stops tokenising a line after 500 ms by default and colours the rest as one token:
      // on a busy build machine (or the first line of a grammar, while its regexes compile) the
      // page then got wrong colours, different from one build to the next, and cached them.
      tokenizeTimeLimit: 0,
    }) as const
  // Every block's <pre> has the same class and style: the themes' names and colours.
  const { themeName, rootStyle } = shiki.codeToTokens('', {
    ...options('text'),
    defaultColor: false,
  })
  const writeBlock = createBlockWriter({
    className: `shiki ${themeName ?? ''}`,
    rootStyle: rootStyle || '',
    themeKeys: Object.keys(SHIKI_THEMES),
  })
  // Posts repeat snippets (install commands, config): highlight each distinct block once. The
  // memo is bounded: a thousand posts of distinct code would otherwise keep every block alive.
  const memo = new Map<string, Raw>()
  return (code, lang) => {
    if (!loaded.has(lang)) return null
    const key = `${lang}\u0000${code}`
    const cached = memo.get(key)
    if (cached) return cached
    engine.forget()
    const block: Raw = {
      type: 'raw',
      value: writeBlock(shiki.codeToTokensWithThemes(code, options(lang as BundledLanguage)), lang),
    }
    if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as string)
    memo.set(key, block)
    return block
  }
}
