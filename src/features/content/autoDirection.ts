/**
 * `dir="auto"` on every block of text, so a paragraph written in Arabic or Hebrew reads
 * right-to-left and its neighbours in English stay left-to-right: the browser decides per
 * block from its first strong character. Code keeps its left-to-right layout.
 */
import type { Element, Root } from 'hast'
import { forEachElement } from './forEachElement'

const TEXT_BLOCKS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'blockquote',
  'td',
  'th',
  'dt',
  'dd',
  'summary',
])

export function setAutoDirection(tree: Root): void {
  forEachElement(tree, (node: Element) => {
    if (TEXT_BLOCKS.has(node.tagName) && node.properties.dir === undefined)
      node.properties.dir = 'auto'
  })
}
