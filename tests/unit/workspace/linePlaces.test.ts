import { describe, expect, it } from 'vitest'
import {
  blocksWithPlaces,
  lineSpanOf,
  previewOffsetOf,
  scrollToShow,
  type BlockBox,
} from '../../../src/features/workspace/preview/linePlaces.ts'

/**
 * A heading on line 3 (drawn 100–140 px), a 10-line code block on lines 5–14 (160–360 px), the
 * footnotes section with no place (400–500 px), and a paragraph on lines 20–21 (520–560 px).
 */
const LINES = [3, 3, 5, 14, 0, 0, 20, 21]
const BOXES: BlockBox[] = [
  { top: 100, bottom: 140 },
  { top: 160, bottom: 360 },
  { top: 400, bottom: 500 },
  { top: 520, bottom: 560 },
]
const WITH_PLACES = blocksWithPlaces(LINES)
const measured: number[] = []
const offsetOf = (place: number) =>
  previewOffsetOf(place, LINES, WITH_PLACES, (block) => {
    measured.push(block)
    return BOXES[block] ?? null
  })

describe('previewOffsetOf', () => {
  it('puts the first line of a block at its top', () => {
    expect(offsetOf(3)).toBe(100)
    expect(offsetOf(5)).toBe(160)
    expect(offsetOf(20)).toBe(520)
  })

  it('interpolates within a block by its lines', () => {
    expect(offsetOf(3.5)).toBe(120) // half way down the heading's one line
    expect(offsetOf(10)).toBe(260) // line 6 of the code block's 10
  })

  it('interpolates over the gap between two blocks, and from the top before the first', () => {
    expect(offsetOf(4)).toBe(140) // the blank line between heading and code starts
    expect(offsetOf(4.5)).toBe(150)
    expect(offsetOf(15)).toBe(360) // just past the code block
    // Lines 15–19 are the gap to the paragraph; the footnotes section is no block to land on.
    expect(offsetOf(17.5)).toBe(360 + 0.5 * 160)
    expect(offsetOf(1)).toBe(0)
    expect(offsetOf(2)).toBe(50)
  })

  it('stays at the last block’s bottom past the end', () => {
    expect(offsetOf(30)).toBe(560)
  })

  it('measures at most the two blocks around the place', () => {
    measured.length = 0
    offsetOf(17)
    expect(measured).toEqual([1, 3])
  })

  it('gives nothing when the block is not on the page or there are no places', () => {
    expect(previewOffsetOf(5, LINES, WITH_PLACES, () => null)).toBeNull()
    expect(previewOffsetOf(5, [0, 0], blocksWithPlaces([0, 0]), () => BOXES[0] ?? null)).toBeNull()
  })
})

describe('blocksWithPlaces', () => {
  it('lists the blocks that came from a place in the note', () => {
    expect([...WITH_PLACES]).toEqual([0, 1, 3])
  })
})

describe('lineSpanOf', () => {
  const spanOf = (place: number, room: number) =>
    lineSpanOf(place, LINES, WITH_PLACES, (block) => BOXES[block] ?? null, room)

  it('is the whole block the line is in, when it fits', () => {
    expect(spanOf(3.5, 300)).toEqual({ top: 100, bottom: 140 })
    expect(spanOf(14, 300)).toEqual({ top: 160, bottom: 360 })
    expect(spanOf(21.9, 300)).toEqual({ top: 520, bottom: 560 })
  })

  it('is the line’s share of a block taller than the room', () => {
    // The code block is 200 px for 10 lines: line 10 is its sixth, 20 px.
    expect(spanOf(10.5, 100)).toEqual({ top: 260, bottom: 280 })
  })

  it('is the point the cursor is at in a line taller than the room', () => {
    expect(spanOf(10.5, 10)).toEqual({ top: 270, bottom: 270 })
  })

  it('is the line’s share of the gap on a blank line, and the last block’s end past it', () => {
    expect(spanOf(4, 300)).toEqual({ top: 140, bottom: 160 })
    expect(spanOf(30, 300)).toEqual({ top: 560, bottom: 560 })
  })

  it('gives nothing when the block is not on the page', () => {
    expect(lineSpanOf(5, LINES, WITH_PLACES, () => null, 300)).toBeNull()
  })
})

describe('scrollToShow', () => {
  const SCREEN = 400

  it('leaves the target alone while the span is in view', () => {
    expect(scrollToShow(100, { top: 200, bottom: 300 }, SCREEN, 16)).toBe(100)
  })

  it('moves only as far as it takes to show a span below or above the screen, with room', () => {
    expect(scrollToShow(0, { top: 900, bottom: 1000 }, SCREEN, 16)).toBe(1000 + 16 - SCREEN)
    expect(scrollToShow(800, { top: 500, bottom: 600 }, SCREEN, 16)).toBe(500 - 16)
  })

  it('shows the top of a span taller than the screen, without room when there is none', () => {
    expect(scrollToShow(0, { top: 900, bottom: 1395 }, SCREEN, 16)).toBe(900)
    expect(scrollToShow(0, { top: 900, bottom: 1380 }, SCREEN, 16)).toBe(900)
    expect(scrollToShow(0, { top: 900, bottom: 1290 }, SCREEN, 16)).toBe(1290 - SCREEN)
  })
})
