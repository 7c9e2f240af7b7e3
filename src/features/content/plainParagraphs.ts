/**
 * A paragraph of plain text, parsed once rather than twice. What any text becomes is unchanged.
 *
 * micromark reads a paragraph's characters twice past the flow: its content tokeniser makes the
 * paragraph, one `chunkText` token per line, and then a text tokeniser of its own reads those
 * lines again, character by character, for emphasis, links, code and the like. A paragraph
 * whose lines hold no character that starts a text construct in this parse, and end in no
 * space, comes out of that second reading as it went in: one `data` token per line, a
 * `lineEnding` token between lines (micromark/lib/initialize/text.js, `initializeText` and
 * `resolveAllLineSuffixes`; micromark-core-commonmark's `lineEnding`). `plainParagraph` is tried
 * at the start of every paragraph as a definition is, and makes those tokens in the first
 * reading; at the first character that is not plain it gives way, and the paragraph is read as
 * the library reads it.
 *
 * With the autolink literals a text cannot hold left out (autolinkLiterals.ts), letters start no
 * construct, so most paragraphs of prose are plain; in a text with an `@`, every letter may
 * start an address, and the paragraph gives way at its first.
 *
 * Random documents and CommonMark's paragraph examples give the same trees, positions and all
 * (plainParagraphs.test.ts; decision 0017, update).
 */
import type { gfm } from 'micromark-extension-gfm'

type SyntaxExtension = ReturnType<typeof gfm>
type ConstructRecord = NonNullable<SyntaxExtension['text']>
type Construct = Exclude<ConstructRecord[string], unknown[] | undefined>
type Tokenizer = Construct['tokenize']
type Effects = Parameters<Tokenizer>[0]
type State = Parameters<Tokenizer>[1]
type Code = Parameters<State>[0]

/** The name micromark's text construct for a line ending has (micromark-core-commonmark). */
const LINE_ENDING = 'lineEnding'
const SPACE = 32

/**
 * A paragraph whose every line is plain: enters `paragraph`, then for each line `data` and,
 * between lines, `lineEnding`, as the content and text tokenisers together would. Gives way
 * (`nok`) at a tab, a line that ends in a space or a character that starts a text construct.
 */
export const plainParagraph: Construct = {
  name: 'plainParagraph',
  tokenize(effects: Effects, ok: State, nok: State) {
    const text = this.parser.constructs.text
    const isLineEnding = (code: number): boolean =>
      [text[code] ?? []].flat().every((construct) => construct.name === LINE_ENDING)
    let previous: Code = null

    /** Codes below 0 are tabs, their virtual spaces and line endings (micromark's preprocess). */
    const isPlain = (code: Code): code is number =>
      code !== null && code >= 0 && !Object.hasOwn(text, code)

    return start

    function start(code: Code): ReturnType<State> {
      if (!isPlain(code)) return nok(code)
      effects.enter('paragraph')
      effects.enter('data')
      return inLine(code)
    }

    function inLine(code: Code): ReturnType<State> {
      // The text tokeniser would end the line's data before a space at its end.
      if (code === null || code < -2) {
        if (previous === SPACE) return nok(code)
        effects.exit('data')
        if (code === null) {
          effects.exit('paragraph')
          return ok(code)
        }
        if (!isLineEnding(code)) return nok(code)
        effects.enter('lineEnding')
        effects.consume(code)
        effects.exit('lineEnding')
        return lineStart
      }
      if (!isPlain(code)) return nok(code)
      previous = code
      effects.consume(code)
      return inLine
    }

    /** A line after the first starts past its indentation (the flow's `linePrefix`). */
    function lineStart(code: Code): ReturnType<State> {
      if (!isPlain(code) || code === SPACE) return nok(code)
      effects.enter('data')
      return inLine(code)
    }
  },
}

/** The syntax extension that tries `plainParagraph` where a paragraph may start. */
export const plainParagraphs: SyntaxExtension = {
  contentInitial: { null: [plainParagraph] },
}
