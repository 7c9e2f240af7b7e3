/**
 * Puts the preview's blocks (htmlBlocks.ts) on the page, touching only what changed: blocks
 * equal at the start and at the end are kept as they are (same nodes, no parsing, no layout of
 * their own), and only the ones in between are parsed and swapped in. A keystroke in a 1 MB
 * note then costs the page one paragraph, not the whole document.
 */
export interface PlacedBlocks {
  blocks: readonly string[]
  /** The nodes each block became, in order. */
  nodes: ChildNode[][]
}

export const NO_BLOCKS: PlacedBlocks = { blocks: [], nodes: [] }

export function patchBlocks(
  container: Element,
  placed: PlacedBlocks,
  next: readonly string[],
): PlacedBlocks {
  const previous = placed.blocks
  let start = 0
  while (start < previous.length && start < next.length && previous[start] === next[start])
    start += 1
  let endPrevious = previous.length
  let endNext = next.length
  while (
    endPrevious > start &&
    endNext > start &&
    previous[endPrevious - 1] === next[endNext - 1]
  ) {
    endPrevious -= 1
    endNext -= 1
  }
  if (start === endPrevious && start === endNext) return { blocks: next, nodes: placed.nodes }

  const before = placed.nodes[endPrevious]?.[0] ?? null
  for (const nodes of placed.nodes.slice(start, endPrevious))
    for (const node of nodes) node.remove()
  const template = container.ownerDocument.createElement('template')
  const inserted: ChildNode[][] = []
  for (const block of next.slice(start, endNext)) {
    // Sanitised by the content pipeline (rehype-sanitize) in the worker before it gets here.
    template.innerHTML = block
    inserted.push([...template.content.childNodes])
    container.insertBefore(template.content, before)
  }
  return {
    blocks: next,
    nodes: [...placed.nodes.slice(0, start), ...inserted, ...placed.nodes.slice(endPrevious)],
  }
}
