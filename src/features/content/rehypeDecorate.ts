/**
 * Runs after sanitisation, on a tree that can no longer hold anything dangerous, and adds what
 * only we may add: heading ids with anchor links, rel on external links, names for task-list
 * checkboxes, and the headings the pages need.
 */
import type { Element, Root } from 'hast'
import { toString } from 'hast-util-to-string'
import type { Heading } from './types'
import { createSlugger } from './slugger'
import { forEachElement } from './forEachElement'

export interface DecorateResult {
  headings: Heading[]
}

const HEADING = /^h([1-6])$/

/**
 * Every id user content gets carries this prefix, as on GitHub (and as rehype-sanitize already
 * does for ids written in the markdown): the page finds its own elements by id (the boot and
 * state scripts, the React root), and a heading named "Folio boot" must not stand in for one.
 * The anchor links to the bare slug; `findHashTarget` (src/app/scrollBehavior.ts) maps it back.
 */
export const USER_CONTENT_ID_PREFIX = 'user-content-'

/** An http(s) link to any origin but ours; `https://folio.example.evil.example` is another. */
function isExternal(href: string, siteOrigin: string | undefined): boolean {
  if (!/^https?:\/\//i.test(href)) return false
  if (!siteOrigin) return true
  try {
    return new URL(href).origin !== new URL(siteOrigin).origin
  } catch {
    return true
  }
}

/** `slug` gives heading ids; a fresh one numbers repeats from this tree's first heading. */
export function decorate(
  tree: Root,
  siteOrigin?: string,
  slug: (text: string) => string = createSlugger(),
): DecorateResult {
  const headings: Heading[] = []
  forEachElement(tree, (node: Element) => {
    const level = HEADING.exec(node.tagName)
    // A heading that arrives with an id is the footnotes section's label, which its references
    // name (aria-describedby): markdown gives no other heading an id, and raw HTML is dropped.
    if (level && node.properties.id === undefined) {
      const text = toString(node).trim()
      const id = slug(text)
      node.properties.id = `${USER_CONTENT_ID_PREFIX}${id}`
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: { className: ['heading-anchor'], href: `#${id}`, ariaLabel: `Link to “${text}”` },
        children: [{ type: 'text', value: '#' }],
      })
      headings.push({ depth: Number(level[1]), id, text })
      return
    }
    if (node.tagName === 'pre') {
      // A wide block scrolls sideways: reachable by keyboard, as a highlighted one is (shiki
      // gives its <pre> the same), whatever its language.
      node.properties.tabIndex = 0
      return
    }
    if (node.tagName === 'input' && node.properties.type === 'checkbox') {
      // GitHub task lists: a checkbox needs a name for screen readers.
      node.properties.ariaLabel = node.properties.checked ? 'Done' : 'Not done'
      return
    }
    if (node.tagName === 'a' && typeof node.properties.href === 'string') {
      if (isExternal(node.properties.href, siteOrigin)) node.properties.rel = ['noopener', 'noreferrer']
    }
  })
  return { headings }
}
