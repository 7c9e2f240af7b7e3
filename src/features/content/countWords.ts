/**
 * Words of prose in a rendered tree, for the reading time: code blocks, inline code and our
 * heading anchors are not read as prose. Text is joined as a reader sees it (`**bo**ld` is one
 * word, two paragraphs are not), and words are found by the platform's word segmenter, so text
 * without spaces between words (Chinese, Japanese) counts its words rather than its sentences.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast'

const BLOCKS = new Set([
  'p', 'div', 'blockquote', 'li', 'ul', 'ol', 'table', 'thead', 'tbody', 'tr', 'td', 'th',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'br', 'hr', 'dt', 'dd', 'section', 'details', 'summary',
])
const NOT_PROSE = new Set(['pre', 'code', 'script', 'style'])

function isAnchor(node: Element): boolean {
  const className = node.properties.className
  return Array.isArray(className) && className.includes('heading-anchor')
}

function proseText(nodes: Array<RootContent | ElementContent>, out: string[]): void {
  for (const node of nodes) {
    if (node.type === 'text') out.push(node.value)
    else if (node.type === 'element') {
      if (NOT_PROSE.has(node.tagName) || isAnchor(node)) continue
      const block = BLOCKS.has(node.tagName)
      if (block) out.push(' ')
      proseText(node.children, out)
      if (block) out.push(' ')
    }
  }
}

export function countWords(tree: Root): number {
  const out: string[] = []
  proseText(tree.children, out)
  return countWordsIn(out.join(''))
}

/**
 * Where a text can be cut without changing its word count: after ASCII whitespace and before a
 * printable ASCII character. Unicode's word segmentation (UAX #29) never joins those two: no
 * rule keeps a space, tab or line break with a letter, digit or ASCII punctuation, and what
 * may cling to a space (combining marks, format characters) is never ASCII. Nor does any rule
 * look across such a cut: the lookahead and lookbehind rules need a letter or digit beside the
 * middle character.
 */
function isAsciiSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d)
}
function isPrintableAscii(code: number): boolean {
  return code > 0x20 && code < 0x7f
}

/**
 * Counts of pieces seen before. Prose repeats its words, so segmenting each distinct piece once
 * is a fraction of segmenting every post whole (the segmenter was half of rendering a post).
 * Cleared when full, to stay small over a thousand posts.
 */
const known = new Map<string, number>()
const KNOWN_LIMIT = 20_000
let segmenter: Intl.Segmenter | undefined

function wordsInPiece(piece: string): number {
  let words = known.get(piece)
  if (words !== undefined) return words
  words = 0
  segmenter ??= new Intl.Segmenter('en', { granularity: 'word' })
  for (const segment of segmenter.segment(piece)) if (segment.isWordLike) words += 1
  if (known.size >= KNOWN_LIMIT) known.clear()
  known.set(piece, words)
  return words
}

function isAsciiAlphanumeric(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)
}
/** `.` `,` `;` `:` `!` `?` */
function isClosingPunctuation(code: number): boolean {
  return code === 0x2e || code === 0x2c || code === 0x3b || code === 0x3a || code === 0x21 || code === 0x3f
}

/**
 * How far a piece is known to be plain: runs of letters and digits joined by hyphens, then
 * closing punctuation, then spaces. Each run is one word by the rules that keep letters and
 * digits together; a hyphen never joins the runs either side of it (`well-known`, `3-0` are two
 * words), and the punctuation could only join a letter or digit after it (`e.g`, `3.14`), and
 * none follows. Anything else is counted by the segmenter.
 */
type Piece = 'start' | 'word' | 'hyphen' | 'punctuation' | 'spaces' | 'other'

function pieceAfter(piece: Piece, code: number): Piece {
  if (isAsciiAlphanumeric(code))
    return piece === 'start' || piece === 'word' || piece === 'hyphen' ? 'word' : 'other'
  if (code === 0x2d) return piece === 'word' || piece === 'hyphen' ? 'hyphen' : 'other'
  if (isClosingPunctuation(code))
    return piece === 'word' || piece === 'hyphen' || piece === 'punctuation' ? 'punctuation' : 'other'
  if (isAsciiSpace(code)) return piece === 'start' || piece === 'other' ? 'other' : 'spaces'
  return 'other'
}

/** The words in `text` as the platform's word segmenter counts them over the whole text. */
export function countWordsIn(text: string): number {
  if (typeof Intl === 'undefined' || !('Segmenter' in Intl))
    return text.split(/\s+/).filter(Boolean).length
  let words = 0
  let start = 0
  let piece: Piece = 'start'
  /** Runs of letters and digits in the piece so far, while it is plain. */
  let runs = 0
  let afterSpace = false
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at)
    if (afterSpace && at > start && isPrintableAscii(code)) {
      // A cut: the piece before it is counted alone.
      words += piece === 'other' ? wordsInPiece(text.slice(start, at)) : runs
      start = at
      piece = 'start'
      runs = 0
    }
    afterSpace = isAsciiSpace(code)
    const next = pieceAfter(piece, code)
    if (next === 'word' && piece !== 'word') runs += 1
    piece = next
  }
  return words + (piece === 'other' ? wordsInPiece(text.slice(start)) : runs)
}
