/**
 * Renders a note segment by segment (markdownSegments.ts) and keeps each segment's blocks by its
 * text, so the next render parses only the segments whose text is new (decision 0038). A note
 * the segments cannot follow is one segment.
 *
 * Heading ids are numbered across the whole note (`setup`, `setup-1`, slugger.ts): every segment
 * gets the same slugger, in order, and a kept segment is rendered again when the headings
 * before it would now number its own differently.
 */
import { createSlugger, slugBase } from '../../content/pipeline'
import { splitHtmlBlocks } from './htmlBlocks'
import { markdownSegments } from './markdownSegments'

/**
 * Renders one segment's markdown to HTML, its heading ids from `slug`, and where in the segment
 * each top-level block came from (`blockLines`, markdown.ts).
 */
export type RenderText = (
  text: string,
  slug: (heading: string) => string,
) => { html: string; headings: { text: string }[]; blockLines?: number[] }

export interface SegmentedRenderer {
  /**
   * The note's blocks (htmlBlocks.ts). `context` is whatever else the HTML depends on (the site
   * origin, the languages the highlighter has): when it changes, every segment renders again.
   */
  render(markdown: string, context: string, renderText: RenderText): string[]
  /**
   * Where the blocks of the last render came from in its note: for block `i`, its first and
   * last line (1-based) at `2i` and `2i + 1`; 0 and 0 for a block with no place of its own.
   * The preview scrolls by them to the part of the note the editor shows (scrollSync.ts).
   */
  blockLines(): Uint32Array
}

interface RenderedSegment {
  blocks: string[]
  /** `blockLines` of the segment's blocks, counted from the segment's first line. */
  lines: number[]
  /** Line breaks in the segment's text: the next segment starts this many lines further on. */
  lineBreaks: number
  /** Each heading's text, in order, as it was given to the slugger. */
  headings: string[]
  /** For each base, how many headings before the segment had it when it was rendered. */
  basesBefore: Map<string, number>
}

/** How many headings had each base before these, from the counts just after them. */
function countsBefore(headings: string[], seenAfter: Map<string, number>): Map<string, number> {
  const before = new Map<string, number>()
  for (const base of headings.map(slugBase))
    before.set(base, (before.get(base) ?? seenAfter.get(base) ?? 0) - 1)
  return before
}

function lineBreaksIn(text: string): number {
  let count = 0
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1
  return count
}

/**
 * The segment's block lines, or, should the pipeline's blocks and places ever disagree in number,
 * the whole segment for each block: scrolling then lands on the segment, never on a wrong one.
 */
function segmentLines(blocks: string[], lines: number[] | undefined, lineBreaks: number): number[] {
  if (lines?.length === 2 * blocks.length) return lines
  return blocks.flatMap(() => [1, lineBreaks + 1])
}

function stillNumbered(segment: RenderedSegment, seen: Map<string, number>): boolean {
  for (const [base, before] of segment.basesBefore)
    if ((seen.get(base) ?? 0) !== before) return false
  return true
}

export function createSegmentedRenderer(): SegmentedRenderer {
  /** The segments of the last render, by their text, and the context they were rendered in. */
  let kept = new Map<string, RenderedSegment>()
  let keptContext: string | null = null
  let lastLines = new Uint32Array()

  return {
    render(markdown, context, renderText) {
      const previous = context === keptContext ? kept : new Map<string, RenderedSegment>()
      const current = new Map<string, RenderedSegment>()
      const seen = new Map<string, number>()
      const slug = createSlugger(seen)
      const blocks: string[] = []
      const lines: number[] = []
      /** Lines before the segment in the note. */
      let lineOffset = 0
      for (const text of markdownSegments(markdown) ?? [markdown]) {
        let segment = current.get(text) ?? previous.get(text)
        if (segment && stillNumbered(segment, seen)) {
          // Its ids are the ones the slugger gives now; it counts them for the segments after.
          for (const heading of segment.headings) slug(heading)
        } else {
          const rendered = renderText(text, slug)
          const headings = rendered.headings.map((heading) => heading.text)
          const segmentBlocks = splitHtmlBlocks(rendered.html)
          const lineBreaks = lineBreaksIn(text)
          segment = {
            blocks: segmentBlocks,
            lines: segmentLines(segmentBlocks, rendered.blockLines, lineBreaks),
            lineBreaks,
            headings,
            basesBefore: countsBefore(headings, seen),
          }
        }
        current.set(text, segment)
        for (const block of segment.blocks) blocks.push(block)
        for (const line of segment.lines) lines.push(line === 0 ? 0 : line + lineOffset)
        lineOffset += segment.lineBreaks
      }
      kept = current // segments no longer in the note are forgotten
      keptContext = context
      lastLines = Uint32Array.from(lines)
      return blocks
    },
    blockLines() {
      return lastLines
    },
  }
}
