/**
 * Replaces fenced code blocks with highlighted ones. The highlighter itself is passed in: shiki
 * with the build's grammars at build time, a lazily loaded one in the dashboard preview, or
 * none (plain, escaped code). Its output is trusted markup: shiki escapes the code text and
 * adds only spans with colour variables.
 */
import type { Element, Root } from 'hast'
import { toString } from 'hast-util-to-string'
import { SKIP_CHILDREN, forEachElement } from './forEachElement'

/** Highlighted `<pre>` for `code` in `lang`, or null when the language is not available. */
export type CodeHighlighter = (code: string, lang: string) => Element | null

export function languageOf(code: Element): string | null {
  const classes = code.properties.className
  const list = Array.isArray(classes) ? classes : []
  const match = list.map(String).find((name) => name.startsWith('language-'))
  return match ? match.slice('language-'.length).toLowerCase() : null
}

export function highlightCodeBlocks(tree: Root, highlight: CodeHighlighter): void {
  forEachElement(tree, (node, index, parent) => {
    if (node.tagName !== 'pre') return
    const code = node.children.find(
      (child): child is Element => child.type === 'element' && child.tagName === 'code',
    )
    const lang = code && languageOf(code)
    if (!code || !lang) return
    const highlighted = highlight(toString(code).replace(/\n$/, ''), lang)
    if (!highlighted) return
    highlighted.properties = { ...highlighted.properties, dataLanguage: lang }
    parent.children[index] = highlighted
    return SKIP_CHILDREN
  })
}
