/**
 * The editor parses the paragraph being typed into again after every keystroke (CodeMirror's
 * markdown language, @lezer/markdown), so its parse must grow with the paragraph's length, not
 * with its square: a line of minified JSON or of snake_case words pasted into a note is one
 * paragraph of 100,000 characters or more. Two of the parser's inline scans went back over the
 * whole paragraph for each `]` of a link and each `_` or `*` that closes nothing
 * (patches/@lezer+markdown+1.8.1.patch).
 *
 * A paragraph eight times as long must parse in at most 24 times the time: linear gives about 8,
 * the quadratic scans gave 30 to 80. The best of several runs, so a busy machine does not
 * decide.
 */
import { markdownLanguage } from '@codemirror/lang-markdown'
import { describe, expect, it } from 'vitest'

/** Minified GeoJSON: every `[12.001,41.001]` is a link to the editor's parser (a shortcut reference). */
function minifiedJson(length: number): string {
  let json = '{"type":"LineString","coordinates":['
  for (let i = 0; json.length < length; i += 1)
    json += `[${(12 + i / 1000).toFixed(3)},${(41 + i / 2000).toFixed(3)}],`
  return json.slice(0, length)
}

/** Words like `user_id`: each `_` can close emphasis, and none opens one. */
function snakeCase(length: number): string {
  return 'user_id rows_ '.repeat(Math.ceil(length / 14)).slice(0, length)
}

/** Asterisks after words, before spaces: each can close emphasis, and none opens one. */
function stars(length: number): string {
  return 'a** b* c '.repeat(Math.ceil(length / 9)).slice(0, length)
}

/** The fastest of `runs` parses of a note with `line` between two short paragraphs, in ms. */
function parseTime(line: string, runs = 5): number {
  const note = `# Pasted\n\nAs it came:\n\n${line}\n\nAfter it.\n`
  let best = Infinity
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now()
    markdownLanguage.parser.parse(note)
    best = Math.min(best, performance.now() - started)
  }
  return best
}

describe('parsing a long line in the editor', () => {
  it.each([
    ['minified JSON', minifiedJson],
    ['snake_case words', snakeCase],
    ['unmatched asterisks', stars],
  ])(
    '%s: eight times the length takes at most 24 times the time',
    (_, line) => {
      parseTime(line(25_000), 3) // compiles the parser's paths
      const short = parseTime(line(25_000))
      const long = parseTime(line(200_000))
      expect(long / short).toBeLessThan(24)
    },
    60_000,
  )
})
