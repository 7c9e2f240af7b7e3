/**
 * Renders a document for the live preview through the blog's own pipeline (GitHub markdown,
 * rehype-sanitize, our decorations) with shiki colouring fenced code. Shiki starts with no
 * grammar at all; each language is loaded the first time a document uses it, so a note with
 * one TypeScript block downloads the TypeScript grammar and nothing else. Runs in a Web Worker
 * (previewWorker.ts) so highlighting never competes with typing, or in the page as a fallback.
 * Each render reuses what the previous render already made: the HTML blocks of every segment
 * of the note whose text is unchanged (segmentedRender.ts), and the highlighting of every code
 * block with the same language and code. Typing in a long note parses and colours the part
 * being edited, not the whole note (decision 0038).
 */
import type { Element } from 'hast'
import type { HighlighterCore } from 'shiki/core'
import { renderMarkdown, SHIKI_THEMES, type CodeHighlighter } from '../../content/pipeline'
import { createSegmentedRenderer } from './segmentedRender'

type LanguageLoader = () => Promise<unknown>

/**
 * The preview is shown under the open note's title, the dashboard's second heading level
 * (DocumentEditor): a note's `#` is said at the third (decision 0060).
 */
export const PREVIEW_HEADINGS_BELOW_LEVEL = 2

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
  /** The note's HTML, sanitised, in top-level blocks (htmlBlocks.ts). */
  render(markdown: string, siteOrigin?: string): Promise<string[]>
  /** Where the blocks of the last render came from in the note (segmentedRender.ts). */
  blockLines(): Uint32Array
  /** Languages loaded so far (for tests and diagnostics). */
  loadedLanguages(): string[]
}

export function createPreviewRenderer(deps: PreviewRendererDeps): PreviewRenderer {
  let highlighter: Promise<HighlighterCore> | null = null
  let loadedSnapshot: string[] = []
  /** Highlighted blocks of the last render, by language and code. */
  let highlighted = new Map<string, Element>()
  const segments = createSegmentedRenderer()
  const failed = new Set<string>()
  const wanted = (lang: string) => Object.hasOwn(deps.languages, lang) && !failed.has(lang)

  /** Each grammar's download, started once. */
  const grammars = new Map<string, Promise<unknown>>()
  function grammarOf(lang: string): Promise<unknown> {
    let grammar = grammars.get(lang)
    if (!grammar) {
      grammar = (deps.languages[lang] as LanguageLoader)()
      grammar.catch(() => undefined) // awaited below; a language loaded meanwhile never is
      grammars.set(lang, grammar)
    }
    return grammar
  }

  async function ensureLanguages(langs: string[]): Promise<HighlighterCore | null> {
    const needed = langs.filter(wanted)
    if (needed.length === 0 && !highlighter) return null
    // The grammars download beside the highlighter, which may be downloading itself.
    const downloads = needed.map((lang) => [lang, grammarOf(lang)] as const)
    highlighter ??= deps.createHighlighter()
    const shiki = await highlighter
    const loaded = new Set(shiki.getLoadedLanguages())
    for (const [lang, download] of downloads) {
      if (loaded.has(lang)) continue
      try {
        const grammar = (await download) as {
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
      const previous = highlighted
      const current = new Map<string, Element>()
      const highlight: CodeHighlighter | undefined = shiki
        ? (code, lang) => {
            if (!loaded.has(lang)) return null
            const key = `${lang}\0${code}`
            const reused = current.get(key) ?? previous.get(key)
            if (reused) {
              current.set(key, reused)
              return reused
            }
            const root = shiki.codeToHast(code, {
              lang,
              themes: SHIKI_THEMES,
              defaultColor: false,
            })
            const block = root.children[0] as Element
            block.properties.dataLanguage = lang
            current.set(key, block)
            return block
          }
        : undefined
      // A grammar loaded since may colour segments that stayed plain (an alias such as `sh`
      // comes with bash): a new set of languages renders every segment again.
      const blocks = segments.render(
        markdown,
        `${siteOrigin ?? ''}\n${loadedSnapshot.join()}`,
        (text, slug) =>
          renderMarkdown(text, {
            highlight,
            siteOrigin,
            autoDirection: true,
            headingsBelowLevel: PREVIEW_HEADINGS_BELOW_LEVEL,
            slug,
            sourceLines: true,
          }),
      )
      highlighted = current // blocks no longer in the text are forgotten
      return blocks
    },
    blockLines: () => segments.blockLines(),
    loadedLanguages() {
      return [...loadedSnapshot]
    },
  }
}
