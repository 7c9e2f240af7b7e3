/**
 * Where a place in the note is drawn in the preview, from where each preview block came from in
 * the note (`blockLines`, segmentedRender.ts) and where the block is drawn. A place is a line
 * with the part of it scrolled past: 12.25 is a quarter of the way down line 12. Within a block
 * the place is interpolated over the block's height (line 3 of a 10-line code block is 30 % down
 * it); in the blank lines between two blocks, over the gap between them. As in VS Code's
 * markdown preview, which maps its editor's top line the same way.
 */

/** A block's top and bottom edge in the preview's scrolled content, in pixels. */
export interface BlockBox {
  top: number
  bottom: number
}

/**
 * The blocks with a place in the note, in order (their indexes): the ones a place can land on.
 * The footnotes section has none (markdown.ts gives it 0 and 0).
 */
export function blocksWithPlaces(lines: ArrayLike<number>): Uint32Array {
  const found: number[] = []
  for (let block = 0; 2 * block < lines.length; block += 1)
    if ((lines[2 * block] as number) > 0) found.push(block)
  return Uint32Array.from(found)
}

/**
 * The pixel offset in the preview of `place`, or null when a block it needs is not on the page.
 * `withPlaces` comes from `blocksWithPlaces(lines)`; `box` measures a block by its index, and
 * is called for at most two blocks.
 */
export function previewOffsetOf(
  place: number,
  lines: ArrayLike<number>,
  withPlaces: ArrayLike<number>,
  box: (block: number) => BlockBox | null,
): number | null {
  if (withPlaces.length === 0) return null
  const first = (block: number) => lines[2 * block] as number
  const last = (block: number) => lines[2 * block + 1] as number
  // The last block that starts at or before the place (lines only grow down the note).
  let low = 0
  let high = withPlaces.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (first(withPlaces[middle] as number) <= place) {
      found = middle
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  if (found === -1) {
    // Above the first block: from the preview's top to that block's top.
    const next = withPlaces[0] as number
    const nextBox = box(next)
    if (!nextBox) return null
    return first(next) > 1 ? (nextBox.top * (place - 1)) / (first(next) - 1) : nextBox.top
  }
  const block = withPlaces[found] as number
  const blockBox = box(block)
  if (!blockBox) return null
  const end = last(block) + 1 // the place just past the block's last line
  if (place < end) {
    const share = (place - first(block)) / (end - first(block))
    return blockBox.top + share * (blockBox.bottom - blockBox.top)
  }
  const next = withPlaces[found + 1]
  if (next === undefined) return blockBox.bottom
  const nextBox = box(next)
  if (!nextBox) return blockBox.bottom
  const gap = first(next) - end
  const share = gap > 0 ? Math.min(1, (place - end) / gap) : 0
  return blockBox.bottom + share * (nextBox.top - blockBox.bottom)
}
