/**
 * Cuts the preview's HTML into its top-level blocks (a paragraph, a heading, a list, a code
 * block…), in the worker, so the page can replace only the blocks that changed instead of
 * parsing and laying out the whole document again after every pause in typing.
 *
 * The input is the content pipeline's own serialised output (hast-util-to-html after
 * rehype-sanitize), which this relies on: every `<` in text is escaped, attribute values are
 * double-quoted, comments are stripped, and void elements are written without a closing tag.
 */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
])

/** Index just past the `>` that ends the tag starting at `start`, skipping quoted values. */
function endOfTag(html: string, start: number): number {
  let quote: string | null = null
  for (let i = start + 1; i < html.length; i += 1) {
    const character = html[i]
    if (quote) {
      if (character === quote) quote = null
    } else if (character === '"' || character === "'") {
      quote = character
    } else if (character === '>') {
      return i + 1
    }
  }
  return html.length
}

export function splitHtmlBlocks(html: string): string[] {
  const blocks: string[] = []
  let depth = 0
  let blockStart = 0
  let i = html.indexOf('<')
  const closeBlock = (end: number) => {
    const block = html.slice(blockStart, end)
    const trimmed = block.trim()
    if (trimmed) blocks.push(trimmed)
    blockStart = end
  }
  while (i !== -1) {
    const end = endOfTag(html, i)
    if (html[i + 1] === '/') {
      depth = Math.max(0, depth - 1)
      if (depth === 0) closeBlock(end)
    } else {
      const name = /^<([a-zA-Z][\w-]*)/.exec(html.slice(i, i + 20))?.[1]?.toLowerCase()
      const selfClosing = html[end - 2] === '/'
      if (depth === 0 && i > blockStart) closeBlock(i) // text between blocks stands alone
      if (name && !VOID_ELEMENTS.has(name) && !selfClosing) depth += 1
      else if (depth === 0) closeBlock(end)
    }
    i = html.indexOf('<', end)
  }
  closeBlock(html.length)
  return blocks
}
