/**
 * GitHub's tables, parsed for less: tried only where one can start, and their plain cells not
 * tokenised again. What any text becomes is unchanged.
 *
 * micromark's GFM syntax tries a table at the start of every line of every paragraph: it reads
 * the whole line as a head row, and only at the next line does it find no delimiter row
 * (`| --- | :-: |`) and start over. Prose is almost all such lines. A table's head row is always
 * the line just before its delimiter row, so the parse now sets aside, before it starts, the
 * lines of the document that could be a delimiter row (`possibleDelimiterRows`), and a head row is
 * tried only on the line before one of them. Body rows are tried as before.
 *
 * Rendering 300 of the bench's posts took a sixth less time (standard) and a tenth less (prose).
 *
 * micromark then gives each cell's text a tokeniser of its own, so a table's text cost several
 * times what a paragraph's does. A cell whose text holds no character that starts a text
 * construct in this parse becomes the one `data` token that tokeniser would have made
 * (`plainCellsAsData`): rendering 300 prose posts, each with a table of forty rows, took 8% less.
 *
 * Random documents and GFM's examples give the same trees, positions and all (gfmTables.test.ts;
 * decision 0017, updates).
 */
import type { Processor } from 'unified'
import type { gfm } from 'micromark-extension-gfm'

type SyntaxExtension = ReturnType<typeof gfm>
type ConstructRecord = NonNullable<SyntaxExtension['flow']>
type Construct = Exclude<ConstructRecord[string], unknown[] | undefined>
type Tokenizer = Construct['tokenize']
type TokenizeContext = ThisParameterType<Tokenizer>

/** The name micromark's GFM syntax gives its table construct. */
export const TABLE = 'table'

/**
 * A delimiter row's line holds its containers' markers and indentation (`>`, spaces, tabs), then
 * only pipes, colons, dashes, spaces and tabs, with at least one dash. Lines this lets through
 * that are no delimiter row (a thematic break, `- -`) only cost the try they always had.
 */
const MAY_BE_A_DELIMITER_ROW = /^[\t >]*[\t |:-]*$/

/**
 * The numbers (from 1, as micromark counts) of the lines of `markdown` that could be a table's
 * delimiter row. Lines end where micromark ends them: at `\r\n`, `\r` or `\n`.
 */
export function possibleDelimiterRows(markdown: string): Set<number> {
  const rows = new Set<number>()
  markdown.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (line.includes('-') && MAY_BE_A_DELIMITER_ROW.test(line)) rows.add(index + 1)
  })
  return rows
}

/** The lines that could be a delimiter row in the document being parsed, while it is parsed. */
export interface DelimiterRowLines {
  current: ReadonlySet<number> | undefined
}

/**
 * GFM's syntax (`gfm()`) with its table tried as a head row only on the line before one of
 * `rows.current`; while `rows.current` is unset (a parse `parseWithDelimiterRows` did not start),
 * the table is tried as the library tries it. Either way, its plain cells become text at once.
 */
export function withTablesWhereTheyCanBe(
  syntax: SyntaxExtension,
  rows: DelimiterRowLines,
): SyntaxExtension {
  const flow: ConstructRecord = {}
  for (const [code, constructs] of Object.entries(syntax.flow ?? {})) {
    flow[code] = [constructs ?? []]
      .flat()
      .map((construct) => (construct.name === TABLE ? cheaperTable(construct, rows) : construct))
  }
  return { ...syntax, flow }
}

/** The library's table, tried only where it can start, its plain cells not tokenised again. */
function cheaperTable(table: Construct, rows: DelimiterRowLines): Construct {
  const resolveTable = table.resolveAll
  return {
    ...table,
    resolveAll: resolveTable
      ? (events, context) => plainCellsAsData(resolveTable(events, context), context)
      : undefined,
    // The library's tokeniser is made only where a table can start, not on every line.
    tokenize(effects, ok, nok) {
      return (code) =>
        rows.current === undefined ||
        rows.current.has(this.now().line + 1) ||
        continuesATable(this)
          ? table.tokenize.call(this, effects, ok, nok)(code)
          : nok(code)
    },
  }
}

/**
 * Whether the line starts after a table's head or one of its rows, where the library goes on with
 * a body row: its own test (micromark-extension-gfm-table's `start`), which looks back past line
 * endings and line prefixes.
 */
function continuesATable(context: TokenizeContext): boolean {
  const { events } = context
  let index = events.length - 1
  while (index > -1) {
    // A string: the table's token types are declared by a package this module does not load.
    const type: string | undefined = events[index]?.[1].type
    if (type === 'lineEnding' || type === 'linePrefix') index -= 1
    else return type === 'tableHead' || type === 'tableRow'
  }
  return false
}

/**
 * Has the processor's parser (remark-parse's, so use this after it) set `rows.current` to the
 * document's possible delimiter rows for each parse, and unset it after.
 */
export function parseWithDelimiterRows(processor: Processor, rows: DelimiterRowLines): void {
  const parse = processor.parser
  if (!parse) return
  processor.parser = (document, file) => {
    rows.current = possibleDelimiterRows(document)
    try {
      return parse(document, file)
    } finally {
      rows.current = undefined
    }
  }
}

type Events = Parameters<NonNullable<Construct['resolveAll']>>[0]

/**
 * After the library's resolver has made each cell's text one `chunkText` token for
 * micromark-util-subtokenize to tokenise: a cell whose text holds no character that starts a
 * text construct in this parse becomes one `data` token instead, as that tokeniser would have
 * made it (a run of text with nothing to resolve), with the same start and end.
 */
function plainCellsAsData(events: Events, context: TokenizeContext): Events {
  const constructs = context.parser.constructs.text
  let depth = 0
  for (let index = 0; index < events.length; index += 1) {
    const [kind, token, owner] = events[index] as Events[number]
    const type: string = token.type
    if (type === 'table') depth += kind === 'enter' ? 1 : -1
    else if (depth > 0 && kind === 'enter' && type === 'chunkText' && token.contentType === 'text') {
      if (!isPlain(owner.sliceSerialize(token), constructs)) continue
      token.type = 'data'
      token.contentType = undefined
      // The library ends the cell's text with the exit of its last piece: end it with its own.
      const exit = events[index + 1] as Events[number]
      events[index + 1] = ['exit', token, exit[2]]
    }
  }
  return events
}

/** Whether no character of `text` starts a text construct in this parser. */
function isPlain(text: string, constructs: object): boolean {
  for (let index = 0; index < text.length; index += 1)
    if (Object.hasOwn(constructs, text.charCodeAt(index))) return false
  return true
}
