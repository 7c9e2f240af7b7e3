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

/** Renders one segment's markdown to HTML, its heading ids from `slug`. */
export type RenderText = (
  text: string,
  slug: (heading: string) => string,
) => { html: string; headings: { text: string }[] }

export interface SegmentedRenderer {
  /**
   * The note's blocks (htmlBlocks.ts). `context` is whatever else the HTML depends on (the site
   * origin, the languages the highlighter has): when it changes, every segment renders again.
   */
  render(markdown: string, context: string, renderText: RenderText): string[]
}

interface RenderedSegment {
  blocks: string[]
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

function stillNumbered(segment: RenderedSegment, seen: Map<string, number>): boolean {
  for (const [base, before] of segment.basesBefore)
    if ((seen.get(base) ?? 0) !== before) return false
  return true
}

export function createSegmentedRenderer(): SegmentedRenderer {
  /** The segments of the last render, by their text, and the context they were rendered in. */
  let kept = new Map<string, RenderedSegment>()
  let keptContext: string | null = null

  return {
    render(markdown, context, renderText) {
      const previous = context === keptContext ? kept : new Map<string, RenderedSegment>()
      const current = new Map<string, RenderedSegment>()
      const seen = new Map<string, number>()
      const slug = createSlugger(seen)
      const blocks: string[] = []
      for (const text of markdownSegments(markdown) ?? [markdown]) {
        let segment = current.get(text) ?? previous.get(text)
        if (segment && stillNumbered(segment, seen)) {
          // Its ids are the ones the slugger gives now; it counts them for the segments after.
          for (const heading of segment.headings) slug(heading)
        } else {
          const rendered = renderText(text, slug)
          const headings = rendered.headings.map((heading) => heading.text)
          segment = {
            blocks: splitHtmlBlocks(rendered.html),
            headings,
            basesBefore: countsBefore(headings, seen),
          }
        }
        current.set(text, segment)
        for (const block of segment.blocks) blocks.push(block)
      }
      kept = current // segments no longer in the note are forgotten
      keptContext = context
      return blocks
    },
  }
}
