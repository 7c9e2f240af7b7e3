/**
 * Words of prose in a rendered tree, for the reading time: code blocks, inline code and our
 * heading anchors are not read as prose. Text is joined as a reader sees it (`**bo**ld` is one
 * word, two paragraphs are not), and words are found by the platform's word segmenter, so text
 * without spaces between words (Chinese, Japanese) counts its words rather than its sentences.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast'

const BLOCKS = new Set([
  'p', 'div', 'blockquote', 'li', 'ul', 'ol', 'table', 'thead', 'tbody', 'tr', 'td', 'th',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'br', 'hr', 'dt', 'dd', 'section', 'details', 'summary',
])
const NOT_PROSE = new Set(['pre', 'code', 'script', 'style'])

function isAnchor(node: Element): boolean {
  const className = node.properties.className
  return Array.isArray(className) && className.includes('heading-anchor')
}

function proseText(nodes: Array<RootContent | ElementContent>, out: string[]): void {
  for (const node of nodes) {
    if (node.type === 'text') out.push(node.value)
    else if (node.type === 'element') {
      if (NOT_PROSE.has(node.tagName) || isAnchor(node)) continue
      const block = BLOCKS.has(node.tagName)
      if (block) out.push(' ')
      proseText(node.children, out)
      if (block) out.push(' ')
    }
  }
}

export function countWords(tree: Root): number {
  const out: string[] = []
  proseText(tree.children, out)
  const text = out.join('')
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    let words = 0
    for (const segment of new Intl.Segmenter('en', { granularity: 'word' }).segment(text))
      if (segment.isWordLike) words += 1
    return words
  }
  return text.split(/\s+/).filter(Boolean).length
}
