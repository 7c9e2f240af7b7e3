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

/** The index into `withPlaces` of the last block that starts at or before `place`, or -1. */
function lastStartingAtOrBefore(
  place: number,
  lines: ArrayLike<number>,
  withPlaces: ArrayLike<number>,
): number {
  // Lines only grow down the note.
  let low = 0
  let high = withPlaces.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if ((lines[2 * (withPlaces[middle] as number)] as number) <= place) {
      found = middle
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  return found
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
  const found = lastStartingAtOrBefore(place, lines, withPlaces)
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

/**
 * What of the preview shows `place` (the cursor's: 12.5 is half way along line 12): the whole
 * block its line is in, when that fits in `room` pixels; the line's own share of the block when
 * the block is taller (a long table or code block), or of the gap when the line is a blank one
 * between blocks; and where the line alone is taller than `room` (a long paragraph written on
 * one line), the point `place` falls on. Null when a block it needs is not on the page. Measures
 * at most four blocks, some twice: `box` may remember them.
 */
export function lineSpanOf(
  place: number,
  lines: ArrayLike<number>,
  withPlaces: ArrayLike<number>,
  box: (block: number) => BlockBox | null,
  room: number,
): BlockBox | null {
  const line = Math.floor(place)
  const found = lastStartingAtOrBefore(line, lines, withPlaces)
  const block = found === -1 ? undefined : (withPlaces[found] as number)
  if (block !== undefined && line <= (lines[2 * block + 1] as number)) {
    const whole = box(block)
    if (!whole) return null
    if (whole.bottom - whole.top <= room) return whole
  }
  const top = previewOffsetOf(line, lines, withPlaces, box)
  const bottom = previewOffsetOf(line + 1, lines, withPlaces, box)
  if (top === null || bottom === null) return null
  if (bottom - top <= room) return { top, bottom }
  const at = top + (place - line) * (bottom - top)
  return { top: at, bottom: at }
}

/**
 * The scroll position nearest `target` at which a pane `screen` pixels tall shows `span`, with
 * `margin` pixels to spare where there is room: unchanged when `span` is in view already, so the
 * preview moves only as far as it must, and not at all while the span stays in view. A span
 * taller than the pane shows its top.
 */
export function scrollToShow(
  target: number,
  span: BlockBox,
  screen: number,
  margin: number,
): number {
  const spare = span.bottom - span.top + 2 * margin <= screen ? margin : 0
  let shown = target
  if (span.bottom + spare > shown + screen) shown = span.bottom + spare - screen
  if (span.top - spare < shown) shown = span.top - spare
  return shown
}
