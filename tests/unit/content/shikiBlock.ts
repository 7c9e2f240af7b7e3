/**
 * A fenced block as shiki's own tree and printer give it: what the pipeline's highlighters are
 * held to. Shiki's tree gets the `data-language` our highlighters add to every block.
 */
import type { Element, Root } from 'hast'
import rehypeStringify from 'rehype-stringify'
import type { HighlighterCore } from 'shiki/core'
import { unified } from 'unified'
import { SHIKI_THEMES } from '../../../src/features/content/themes.ts'

const printer = unified().use(rehypeStringify)

export function shikiBlock(shiki: Pick<HighlighterCore, 'codeToHast'>, code: string, lang: string): Element {
  const root: Root = shiki.codeToHast(code, {
    lang,
    themes: SHIKI_THEMES,
    defaultColor: false,
    // Shiki gives up on a line after 500 ms by default, leaving the rest of the block in one
    // colour: a cold start on a busy machine can take that long.
    tokenizeTimeLimit: 0,
  })
  const pre = root.children[0] as Element
  pre.properties.dataLanguage = lang
  return pre
}

/** The block as the build's highlighter gives it: its HTML, as a raw node. */
export function printedBlock(pre: Element) {
  return { type: 'raw', value: printer.stringify({ type: 'root', children: [pre] }) }
}
