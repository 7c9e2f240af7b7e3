/**
 * Puts the preview's blocks (htmlBlocks.ts) on the page, touching only what changed: blocks
 * equal at the start and at the end are kept as they are (same nodes, no parsing, no layout of
 * their own), and only the ones in between are parsed and swapped in. A keystroke in a 1 MB
 * note then costs the page one paragraph, not the whole document.
 *
 * The blocks sit in chunks of about `CHUNK_BLOCKS` (`.preview-chunk`), and the browser skips
 * chunks out of view (`content-visibility: auto`, workspace.css). Skipping whole chunks rather
 * than single blocks matters: the browser checks every skippable element against the viewport
 * on every frame the editor draws, and a 1 MB note has thousands of blocks (measured in
 * decision 0031).
 */
import { blockChange } from './blockChange'

export interface PlacedBlocks {
  blocks: readonly string[]
  /** The nodes each block became, in order. */
  nodes: ChildNode[][]
}

export const NO_BLOCKS: PlacedBlocks = { blocks: [], nodes: [] }

/** Blocks a new chunk is filled with; a chunk that grows to twice this is cut up again. */
export const CHUNK_BLOCKS = 40

export const CHUNK_CLASS = 'preview-chunk'

function newChunk(container: Element): HTMLElement {
  const chunk = container.ownerDocument.createElement('div')
  chunk.className = CHUNK_CLASS
  return chunk
}

/** Cuts an overfull chunk into chunks of `CHUNK_BLOCKS`, in place. */
function splitChunk(container: Element, chunk: Element): void {
  if (chunk.childNodes.length < 2 * CHUNK_BLOCKS) return
  const nodes = [...chunk.childNodes]
  let after: Element = chunk
  for (let index = CHUNK_BLOCKS; index < nodes.length; index += CHUNK_BLOCKS) {
    const next = newChunk(container)
    next.append(...nodes.slice(index, index + CHUNK_BLOCKS))
    after.after(next)
    after = next
  }
}

/** Appends the nodes at the end, filling the last chunk and starting new ones. */
function appendInChunks(container: Element, nodes: ChildNode[]): void {
  let chunk = container.lastElementChild
  for (const node of nodes) {
    if (!chunk || chunk.childNodes.length >= CHUNK_BLOCKS) {
      chunk = newChunk(container)
      container.append(chunk)
    }
    chunk.append(node)
  }
}

export function patchBlocks(
  container: Element,
  placed: PlacedBlocks,
  next: readonly string[],
): PlacedBlocks {
  const { start, end: endPrevious, insert } = blockChange(placed.blocks, next)
  if (start === endPrevious && insert.length === 0) return { blocks: next, nodes: placed.nodes }

  const before = placed.nodes[endPrevious]?.[0] ?? null
  for (const nodes of placed.nodes.slice(start, endPrevious))
    for (const node of nodes) {
      const chunk = node.parentElement
      node.remove()
      // An empty chunk out of view would still hold its remembered height.
      if (chunk && chunk !== before?.parentElement && !chunk.hasChildNodes()) chunk.remove()
    }
  const template = container.ownerDocument.createElement('template')
  const inserted: ChildNode[][] = []
  for (const block of insert) {
    // Sanitised by the content pipeline (rehype-sanitize) in the worker before it gets here.
    template.innerHTML = block
    inserted.push([...template.content.childNodes])
  }
  const insertedNodes = inserted.flat()
  const chunk = before?.parentElement
  if (before && chunk) {
    const fragment = container.ownerDocument.createDocumentFragment()
    for (const node of insertedNodes) fragment.appendChild(node)
    chunk.insertBefore(fragment, before)
    splitChunk(container, chunk)
  } else {
    appendInChunks(container, insertedNodes)
  }
  return {
    blocks: next,
    nodes: [...placed.nodes.slice(0, start), ...inserted, ...placed.nodes.slice(endPrevious)],
  }
}
