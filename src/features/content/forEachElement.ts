/**
 * The pipeline's own passes over the HTML tree (decorate, highlight, auto-direction) walk it
 * with this rather than unist-util-visit: they only look at elements, in document order, and
 * the generic visitor's bookkeeping (a test per node, an array of ancestors per element) was most
 * of their cost: 1.2 ms of a 17.6 ms render for a long post without code, in Node.
 */
import type { Element, Root } from 'hast'

/** What a visitor returns to leave an element's children unvisited (it replaced the element). */
export const SKIP_CHILDREN = false

/**
 * Calls `visit` on each element under `parent`, in document order, then on its children. The
 * visitor may replace the element at `index` in `parent.children`; returning SKIP_CHILDREN leaves
 * the children of what is there unvisited.
 */
export function forEachElement(
  parent: Root | Element,
  visit: (node: Element, index: number, parent: Root | Element) => boolean | void,
): void {
  const { children } = parent
  for (let index = 0; index < children.length; index += 1) {
    const node = children[index]
    if (node?.type !== 'element') continue
    if (visit(node, index, parent) === SKIP_CHILDREN) continue
    forEachElement(children[index] as Element, visit)
  }
}
