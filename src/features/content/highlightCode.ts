/**
 * Replaces fenced code blocks with highlighted ones. The highlighter itself is passed in: shiki
 * with the build's grammars at build time, a lazily loaded one in the dashboard preview, or
 * none (plain, escaped code). Its output is trusted markup: the code text escaped, and only
 * spans with colour variables added.
 */
import type { Element, Root, RootContent } from 'hast'
import { toString } from 'hast-util-to-string'
import { SKIP_CHILDREN, forEachElement } from './forEachElement'

/** Raw HTML, a node mdast-util-to-hast (remark-rehype's) adds to hast's. */
export type Raw = Extract<RootContent, { type: 'raw' }>

/**
 * The highlighted `<pre>` for `code` in `lang`, `data-language` included, or null when the
 * language is not available. The build's highlighter gives the block's HTML as a raw node
 * (scripts/content/blockHtml.ts), the preview's an element.
 */
export type CodeHighlighter = (code: string, lang: string) => Element | Raw | null

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
    parent.children[index] = highlighted
    return SKIP_CHILDREN
  })
}
