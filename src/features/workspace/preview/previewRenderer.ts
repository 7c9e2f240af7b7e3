/**
 * Renders a document for the live preview through the blog's own pipeline (remark-gfm,
 * rehype-sanitize, our decorations) with shiki colouring fenced code. Shiki starts with no
 * grammar at all; each language is loaded the first time a document uses it, so a note with
 * one TypeScript block downloads the TypeScript grammar and nothing else. Runs in a Web Worker
 * (previewWorker.ts) so highlighting never competes with typing, or in the page as a fallback.
 */
import type { Element } from 'hast'
import type { HighlighterCore } from 'shiki/core'
import { renderMarkdown, SHIKI_THEMES, type CodeHighlighter } from '../../content/pipeline'

type LanguageLoader = () => Promise<unknown>

export interface PreviewRendererDeps {
  /** Grammar loaders by name and alias (shiki's `bundledLanguages`). */
  languages: Readonly<Record<string, LanguageLoader>>
  createHighlighter: () => Promise<HighlighterCore>
}

/** Fence languages in `markdown`, lower-cased, in order of appearance. */
export function fenceLanguages(markdown: string): string[] {
  const found = new Set<string>()
  for (const match of markdown.matchAll(/^ {0,3}(?:`{3,}|~{3,})[ \t]*([\w+#.-]+)/gm)) {
    found.add((match[1] as string).toLowerCase())
  }
  return [...found]
}

export interface PreviewRenderer {
  render(markdown: string, siteOrigin?: string): Promise<string>
  /** Languages loaded so far (for tests and diagnostics). */
  loadedLanguages(): string[]
}

export function createPreviewRenderer(deps: PreviewRendererDeps): PreviewRenderer {
  let highlighter: Promise<HighlighterCore> | null = null
  let loadedSnapshot: string[] = []
  const failed = new Set<string>()
  const wanted = (lang: string) => Object.hasOwn(deps.languages, lang) && !failed.has(lang)

  async function ensureLanguages(langs: string[]): Promise<HighlighterCore | null> {
    const needed = langs.filter(wanted)
    if (needed.length === 0 && !highlighter) return null
    highlighter ??= deps.createHighlighter()
    const shiki = await highlighter
    const loaded = new Set(shiki.getLoadedLanguages())
    for (const lang of needed) {
      if (loaded.has(lang)) continue
      try {
        const grammar = (await (deps.languages[lang] as LanguageLoader)()) as {
          default: Parameters<HighlighterCore['loadLanguage']>[0]
        }
        await shiki.loadLanguage(grammar.default)
      } catch {
        // A grammar that cannot load (offline, unsupported pattern) leaves its blocks plain.
        failed.add(lang)
      }
    }
    return shiki
  }

  return {
    async render(markdown, siteOrigin) {
      const shiki = await ensureLanguages(fenceLanguages(markdown))
      loadedSnapshot = shiki?.getLoadedLanguages() ?? []
      const loaded = new Set(loadedSnapshot)
      const highlight: CodeHighlighter | undefined = shiki
        ? (code, lang) => {
            if (!loaded.has(lang)) return null
            const root = shiki.codeToHast(code, {
              lang,
              themes: SHIKI_THEMES,
              defaultColor: false,
            })
            return root.children[0] as Element
          }
        : undefined
      return renderMarkdown(markdown, { highlight, siteOrigin, autoDirection: true }).html
    },
    loadedLanguages() {
      return [...loadedSnapshot]
    },
  }
}
