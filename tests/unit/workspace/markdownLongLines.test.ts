/**
 * The editor parses the paragraph being typed into again after every keystroke (CodeMirror's
 * markdown language, @lezer/markdown), so its parse must grow with the paragraph's length, not
 * with its square: a line of minified JSON or of snake_case words pasted into a note is one
 * paragraph of 100,000 characters or more. Two of the parser's inline scans went back over the
 * whole paragraph for each `]` of a link and each `_` or `*` that closes nothing
 * (patches/@lezer+markdown+1.8.1.patch).
 *
 * Counted, not timed, so a busy machine cannot decide: how often the parser reads its list of
 * the paragraph's inline parts, where both scans went back. A paragraph eight times as long must
 * take at most twelve times the reads: linear gives 8, the quadratic scans gave 64.
 */
import { markdown, markdownLanguage } from '@codemirror/lang-markdown'
import { describe, expect, it } from 'vitest'
import { html } from '../../../src/features/workspace/editor/htmlInMarkdown.ts'

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

/**
 * How often the editor's markdown parser reads a paragraph's inline parts (`InlineContext.parts`,
 * internal) to parse a note with `line` between two short paragraphs. An inline parser that
 * never matches, run first at every character, puts a counting view in front of each
 * paragraph's parts.
 */
function partReads(line: string): number {
  let reads = 0
  const counted = new WeakSet<object>()
  // The editor's markdown (createMarkdownEditor.ts, with the client build's HTML tokenizer).
  const { parser } = markdown({
    base: markdownLanguage,
    htmlTagLanguage: html(),
    completeHTMLTags: false,
    extensions: {
      parseInline: [
        {
          name: 'CountPartReads',
          before: 'Escape',
          parse(cx) {
            const context = cx as unknown as { parts: unknown[] }
            if (counted.has(context)) return -1
            counted.add(context)
            context.parts = new Proxy(context.parts, {
              get(parts, key, receiver) {
                if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1
                return Reflect.get(parts, key, receiver)
              },
            })
            return -1
          },
        },
      ],
    },
  }).language
  parser.parse(`# Pasted\n\nAs it came:\n\n${line}\n\nAfter it.\n`)
  return reads
}

describe('parsing a long line in the editor', () => {
  it.each([
    ['minified JSON', minifiedJson],
    ['snake_case words', snakeCase],
    ['unmatched asterisks', stars],
  ])(
    '%s: eight times the length reads its parts at most twelve times as often',
    (_, line) => {
      const short = partReads(line(10_000))
      const long = partReads(line(80_000))
      expect(short).toBeGreaterThan(1_000)
      expect(long / short).toBeLessThan(12)
    },
    60_000,
  )
})
