/**
 * The levels a text's headings are said at when it is shown under a heading of the page (the
 * dashboard's preview, under the open note's title, an h2): a `#` said as a first-level heading
 * there broke the outline a screen reader walks. Only the level said changes (aria-level); the
 * tags, and with them the look, the ids and the anchors, stay the blog's.
 */
import type { Root } from 'hast'
import { forEachElement } from './forEachElement'

const HEADING = /^h([1-6])$/

/** The deepest level HTML has; deeper levels are said at this one. */
const DEEPEST = 6

export function sayHeadingsBelow(tree: Root, levelAbove: number): void {
  forEachElement(tree, (node) => {
    const tag = HEADING.exec(node.tagName)
    if (tag) node.properties.ariaLevel = String(Math.min(DEEPEST, Number(tag[1]) + levelAbove))
  })
}
