/**
 * Cuts a note's markdown into segments that render alone exactly as they render together, so
 * the preview parses again only the segment being edited: parsing is most of a render's time
 * (about 2 ms per KB, decision 0038), and a keystroke changes one segment.
 *
 * A segment starts at a line that begins in the first column after a blank line. CommonMark
 * closes every open block there (a list item or block quote needs indentation or `>` to go on,
 * and nothing continues lazily past a blank line) except three that the scan below rules out:
 * - a list goes on with its next item, so a line starting with a list marker never starts one;
 * - a fenced code block goes on to its closing fence, so lines inside one never start one. Only
 *   fences in the first column are followed; a fence anywhere else (indented, in a list item or
 *   a block quote) could open or close at the top level depending on what holds it, so a note
 *   with one outside code is rendered whole;
 * - an HTML block such as `<!--` or `<pre>` goes on to its end marker, so a note with a line
 *   starting with `<` outside code is rendered whole.
 * What renders differently with the rest of the note in view (link reference definitions and
 * footnotes, which are looked up across the note) also makes it render whole. Heading ids,
 * numbered in order across the note, are the renderer's concern (segmentedRender.ts).
 */

/** Fence characters of a fence in the first column, and the rest of its line. */
const FENCE = /^(`{3,}|~{3,})(.*)$/
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/
/**
 * A line outside code that makes the note render whole: a fence anywhere but the first column,
 * a line starting with `<`, a definition's `]:` or a footnote's `[^` (conservatively: anywhere).
 */
const RENDERS_WHOLE =
  /^(?:[ \t]|>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))+(?:`{3}|~{3})|^[ \t]{0,3}<|\]:|\[\^/
/** A line ending markdown knows and this scan does not follow. */
const LONE_CARRIAGE_RETURN = /\r(?!\n)/
const LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/

/** The segments of `markdown`, in order, or null when it must render whole. */
export function markdownSegments(markdown: string): string[] | null {
  if (LONE_CARRIAGE_RETURN.test(markdown)) return null
  const segments: string[] = []
  let segmentStart = 0
  let previousBlank = false
  /** The open fence's character and length. */
  let fence: { mark: string; length: number } | null = null
  let lineStart = 0
  while (lineStart < markdown.length) {
    const newline = markdown.indexOf('\n', lineStart)
    const lineEnd = newline === -1 ? markdown.length : newline
    const line = markdown.slice(lineStart, lineEnd).replace(/\r$/, '')
    if (fence) {
      // A closing fence may be indented up to three spaces, and has nothing after its marks.
      const closer = CLOSING_FENCE.exec(line)
      if (closer?.[1]?.[0] === fence.mark && closer[1].length >= fence.length) fence = null
    } else {
      if (RENDERS_WHOLE.test(line)) return null
      const startsSegment =
        previousBlank && lineStart > segmentStart && /^[^ \t]/.test(line) && !LIST_ITEM.test(line)
      if (startsSegment) {
        segments.push(markdown.slice(segmentStart, lineStart))
        segmentStart = lineStart
      }
      const fenceMatch = FENCE.exec(line)
      const [, marks = '', info = ''] = fenceMatch ?? []
      // A backtick fence's info string has no backtick; otherwise the line is a paragraph.
      if (fenceMatch && !(marks.startsWith('`') && info.includes('`')))
        fence = { mark: marks[0] as string, length: marks.length }
    }
    previousBlank = !fence && /^[ \t]*$/.test(line)
    lineStart = lineEnd + 1
  }
  segments.push(markdown.slice(segmentStart))
  return segments
}
