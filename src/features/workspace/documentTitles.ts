/**
 * A new document takes its title from its first heading, and keeps following it until the
 * person renames it: a title that is still "Untitled", or still what the previous text's
 * heading gave, was never chosen by hand.
 */
import { MAX_TITLE_LENGTH } from './documentLimits'

export const DEFAULT_TITLE = 'Untitled'

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const ATX_OPENING = /^ {0,3}#{1,6}[ \t]+/
/** Characters `.` does not match: a line holding one was never read as a heading. */
const LINE_BREAKING = /[\r\u2028\u2029]/

const isBlank = (character: string | undefined) => character === ' ' || character === '\t'

/** The end of `text` with the blanks (spaces, tabs) before `end` left out. */
function blanksBefore(text: string, end: number): number {
  let at = end
  while (at > 0 && isBlank(text[at - 1])) at -= 1
  return at
}

/**
 * A heading line's text, without its closing run of `#` (which needs a blank before it) and
 * trailing blanks; undefined when the line is no heading. Walked back by hand: a line is
 * anybody's text (an imported file's, a paste), and `(.*?)(?:[ \t]+#+)?[ \t]*$`, which said
 * the same, retried a long run of blanks from each of its characters (40,000 of them took 2 s).
 */
function headingText(line: string): string | undefined {
  const opening = ATX_OPENING.exec(line)
  if (!opening) return undefined
  const text = line.slice(opening[0].length)
  if (LINE_BREAKING.test(text)) return undefined
  let end = blanksBefore(text, text.length)
  let hashes = end
  while (hashes > 0 && text[hashes - 1] === '#') hashes -= 1
  if (hashes < end && isBlank(text[hashes - 1])) end = blanksBefore(text, hashes)
  return text.slice(0, end)
}

/**
 * The text of the first ATX heading outside code fences, without inline markup; or null.
 * Reads line by line and stops at the heading, which mostly opens the text: each save asks,
 * and splitting a 1 MB note into its lines first cost a few milliseconds every time.
 */
export function firstHeading(body: string): string | null {
  let fence: string | null = null
  for (const line of lines(body)) {
    const marker = FENCE.exec(line)?.[1]
    if (marker) {
      if (fence === null) fence = marker[0] as string
      else if (marker[0] === fence) fence = null
      continue
    }
    if (fence !== null) continue
    const heading = headingText(line)
    if (heading === undefined) continue
    const text = plainText(heading)
    if (text) return text
  }
  return null
}

/** Each line, without its ending: `\n`, or `\r\n` in a file imported from Windows. */
function* lines(text: string): Generator<string> {
  for (let start = 0; start <= text.length;) {
    const end = text.indexOf('\n', start)
    const stop = end === -1 ? text.length : end
    yield text.slice(start, text[stop - 1] === '\r' ? stop - 1 : stop)
    start = stop + 1
  }
}

/**
 * A link's text never holds a `[` and its address never runs past one, so a `[` that opens no
 * link is tried once: `[^\]]*` and `[^)]*` ran on through every later `[` and scanned again
 * from each (`[` 40,000 times over took 1.3 s).
 */
const INLINE_LINK = /!?\[([^[\]]*)\]\([^[)]*\)/g

function plainText(markdown: string): string {
  return markdown
    .replace(INLINE_LINK, '$1') // links and images keep their text
    .replace(/[*_`~]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** A heading as a title: within the limit, shortened at a word boundary, never mid-word. */
export function headingTitle(heading: string): string {
  const characters = [...heading]
  if (characters.length <= MAX_TITLE_LENGTH) return heading
  const room = characters.slice(0, MAX_TITLE_LENGTH - 1).join('')
  const lastSpace = room.lastIndexOf(' ')
  return `${(lastSpace > 0 ? room.slice(0, lastSpace) : room).trimEnd()}…`
}

/**
 * The title to save with `nextBody`, or null to leave the title alone (renamed by hand, or
 * the heading did not change).
 */
export function followHeading(
  currentTitle: string,
  previousBody: string,
  nextBody: string,
): string | null {
  const previous = firstHeading(previousBody)
  const chosenByHand =
    currentTitle !== DEFAULT_TITLE && (previous === null || currentTitle !== headingTitle(previous))
  if (chosenByHand) return null
  const next = firstHeading(nextBody)
  if (next === null) return null
  const title = headingTitle(next)
  return title === currentTitle ? null : title
}
