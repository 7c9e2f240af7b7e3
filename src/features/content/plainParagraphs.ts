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
 * the library reads it. So that a hard-wrapped paragraph with a link in its last line is not read
 * up to it and then again, it first looks ahead in the document for such a character, up to the
 * next blank line (`mayBePlain`).
 *
 * With the autolink literals a text cannot hold left out (autolinkLiterals.ts), letters start no
 * construct, so most paragraphs of prose are plain; in a text with an `@`, every letter may
 * start an address, and the paragraph gives way at its first.
 *
 * Random documents and CommonMark's paragraph examples give the same trees, positions and all
 * (plainParagraphs.test.ts; decision 0017, update).
 */
import type { gfm } from 'micromark-extension-gfm'
import type { Processor } from 'unified'

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
const BYTE_ORDER_MARK = 0xfeff

/** The document being parsed, while it is parsed (`readWhileParsing`). */
export interface DocumentText {
  current: string | undefined
}

/**
 * Whether the paragraph that starts at `from` in `markdown` may be plain: no character that
 * starts a text construct (`constructs`) before the next blank line or the end. Only a guess
 * (the paragraph may end sooner, and containers' markers are read too), so that a paragraph with
 * a construct in a later line is not read up to it and then again; `plainParagraph` still checks
 * every character it makes a token of.
 */
export function mayBePlain(markdown: string, from: number, constructs: object): boolean {
  const { lookAhead } = textStartsOf(constructs)
  lookAhead.lastIndex = from
  // The first of a character that starts a construct (one code unit) and a blank line (two or more).
  const found = lookAhead.exec(markdown)
  return found === null || found[0].length > 1
}

/** What the construct and its look-ahead need to know of the codes that start text constructs. */
interface TextStarts {
  /** For each ASCII code, 1 where a text construct starts. */
  ascii: Uint8Array
  /** A character that starts a text construct, or a blank line (a scan V8 runs compiled). */
  lookAhead: RegExp
}

/**
 * Made once per set of codes, the same for every parse with the same syntax, and found for each
 * parse's own record of the constructs (micromark combines the extensions again for every
 * parse) by its codes.
 */
const textStartsByCodes = new Map<string, TextStarts>()
const textStarts = new WeakMap<object, TextStarts>()
function textStartsOf(constructs: object): TextStarts {
  let starts = textStarts.get(constructs)
  if (!starts) {
    const codes = Object.keys(constructs)
      .map(Number)
      .filter((code) => code >= 0)
    const key = codes.join()
    starts = textStartsByCodes.get(key)
    if (!starts) {
      const ascii = new Uint8Array(128)
      for (const code of codes) if (code < 128) ascii[code] = 1
      const characters = codes.map((code) => `\\u${code.toString(16).padStart(4, '0')}`).join('')
      // A carriage return before a line feed is one line ending with it, never a line of its own.
      const lookAhead = new RegExp(`[${characters}]|(?:\\r\\n|\\r(?!\\n)|\\n)[ \\t]*[\\r\\n]`, 'g')
      starts = { ascii, lookAhead }
      textStartsByCodes.set(key, starts)
    }
    textStarts.set(constructs, starts)
  }
  return starts
}

/**
 * A paragraph whose every line is plain: enters `paragraph`, then for each line `data` and,
 * between lines, `lineEnding`, as the content and text tokenisers together would. Gives way
 * (`nok`) at a tab, a line that ends in a space or a character that starts a text construct,
 * and at once where `mayBePlain` says the paragraph is not, when `document.current` is set.
 */
export function plainParagraphIn(document: DocumentText): Construct {
  return {
    name: 'plainParagraph',
    tokenize(effects: Effects, ok: State, nok: State) {
      const text = this.parser.constructs.text
      const isLineEnding = (code: number): boolean => {
        const constructs = text[code]
        return Array.isArray(constructs)
          ? constructs.every((construct) => construct.name === LINE_ENDING)
          : constructs?.name === LINE_ENDING
      }
      const markdown = document.current
      const at = (): number => this.now().offset
      let previous: Code = null

      const startsAsciiConstruct = textStartsOf(text).ascii

      /** Codes below 0 are tabs, their virtual spaces and line endings (micromark's preprocess). */
      const isPlain = (code: Code): code is number =>
        code !== null &&
        code >= 0 &&
        (code < 128 ? startsAsciiConstruct[code] === 0 : !Object.hasOwn(text, code))

      return start

      function start(code: Code): ReturnType<State> {
        if (!isPlain(code)) return nok(code)
        // micromark counts offsets from after a byte order mark, which it drops.
        if (
          markdown !== undefined &&
          !mayBePlain(markdown, at() + (markdown.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0), text)
        )
          return nok(code)
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
}

/**
 * The syntax extension that tries `plainParagraphIn(document)` where a paragraph may start.
 * Without `document.current` (a parse `readWhileParsing` did not start), every paragraph that
 * starts plain is tried.
 */
export function plainParagraphs(document: DocumentText = { current: undefined }): SyntaxExtension {
  return { contentInitial: { null: [plainParagraphIn(document)] } }
}

/**
 * Has the processor's parser (remark-parse's, so use this after it) set `document.current` to
 * the document for each parse, and unset it after.
 */
export function readWhileParsing(processor: Processor, document: DocumentText): void {
  const parse = processor.parser
  if (!parse) return
  processor.parser = (markdown, file) => {
    document.current = markdown
    try {
      return parse(markdown, file)
    } finally {
      document.current = undefined
    }
  }
}
