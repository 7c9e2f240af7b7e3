import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfm } from 'micromark-extension-gfm'
import type { Processor } from 'unified'
import { describe, expect, it } from 'vitest'
import {
  parseWithDelimiterRows,
  possibleDelimiterRows,
  TABLE,
  withTablesWhereTheyCanBe,
  type DelimiterRowLines,
} from '../../../src/features/content/gfmTables.ts'
import {
  autolinkLiteralsNotIn,
  withoutAutolinkLiterals,
} from '../../../src/features/content/autolinkLiterals.ts'
import { library, ours, oursAsRendered, textTokenisers } from './parsedTrees.ts'
import { randomDocument } from './randomDocument.ts'

interface Tree {
  type: string
  children?: Tree[]
}

function countTables(node: Tree, inContainer: boolean, count: { all: number; inContainers: number }) {
  if (node.type === 'table') {
    count.all += 1
    if (inContainer) count.inContainers += 1
  }
  const container = ['blockquote', 'listItem', 'footnoteDefinition'].includes(node.type)
  for (const child of node.children ?? []) countTables(child, inContainer || container, count)
}

/** GFM's table examples, and tables in containers, after paragraphs, with every line ending. */
const CASES = [
  '| foo | bar |\n| --- | --- |\n| baz | bim |',
  '| abc | defghi |\n:-: | -----------:\nbar | baz',
  '| f\\|oo  |\n| ------ |\n| b `\\|` az |\n| b **\\|** im |',
  '| abc | def |\n| --- | --- |\n| bar | baz |\n> bar',
  '| abc | def |\n| --- | --- |\n| bar | baz |\nbar\n\nbar',
  '| abc | def |\n| --- |\n| bar |',
  '| abc | def |\n| --- | --- |\n| bar |\n| bar | baz | boo |',
  '| abc | def |\n| --- | --- |',
  'A paragraph\nof two lines.\n| a | b |\n| - | - |\n| 1 | 2 |',
  '> | a | b |\n> | - | - |\n> | 1 | 2 |\n\n> | a |\n| - |',
  '- | a | b |\n  | - | - |\n  | 1 | 2 |\n\n1. x\n\n   a | b\n   --|--',
  '| a | b |\r\n| - | - |\r\n| 1 | 2 |\r| 3 | 4 |\r\rtext',
  '\t| a |\n\t| - |\n\n   | a |\n   | - |\n\n    | a |\n    | - |',
  'a\n---\n\n| a\n---\n\n|\n-\n\n a | b \n:-:|:--\n',
  '[^1]: | a | b |\n    | - | - |\n\nSee[^1].',
  // Cells of plain text, and cells whose text holds a construct or something like one.
  '| plain | two words | 3.14, and more. |\n| - | :-: | -: |\n| x |  spaced  | tab\there |',
  '| *em* | `code` | a\\|b | [link](/x) | <b>html</b> | &amp; | ~~del~~ |\n|-|-|-|-|-|-|-|\n| ok |',
  '| www.example.com | https://example.com | a@example.com | ww. | http: |\n|-|-|-|-|-|',
  '| é ü | 日本語 | emoji 🎉 |\n|---|---|---|\n| trailing\\ | ![alt](i.png) | a  b |',
]

describe('tables tried only where one can start', () => {
  it('numbers the lines that could be a delimiter row as micromark counts lines', () => {
    const markdown = [
      'Prose - with a dash', // 1
      '| --- | :-: |', // 2
      '> | - |', // 3
      '  \t:--', // 4
      '| no dash |', // 5
      '---', // 6
    ].join('\n')
    expect([...possibleDelimiterRows(markdown)]).toEqual([2, 3, 4, 6])
    expect([...possibleDelimiterRows('a\r\n|-|\rb\n-\r\n\r\n--')]).toEqual([2, 4, 6])
  })

  it('makes the same trees as the library on GFM’s table examples and more', () => {
    for (const markdown of CASES) {
      expect(ours(markdown), JSON.stringify(markdown)).toBe(library(markdown))
      expect(oursAsRendered(markdown), JSON.stringify(markdown)).toBe(library(markdown))
    }
    expect(library(CASES[0] as string)).toContain('"type":"table"')
  })

  it('makes the same trees as the library on 2,000 random documents', () => {
    const pieces = [
      '|',
      ' | ',
      '| a | b |\n',
      '| - | - |\n',
      '|---|\n',
      '--|--',
      'x | y',
      '-',
      '---',
      ':-',
      '-:',
      ':',
      ' ',
      '\t',
      '    ',
      'a',
      'word ',
      '\\|',
      '`',
      '**',
      '\n',
      '\r\n',
      '\r',
      '\n\n',
      '> ',
      '- ',
      '1. ',
      '[^1]: ',
      '```\n',
      '<div>\n',
      '> | a |\n',
      '> | - |\n',
      '  | - |\n',
      '- a | b\n',
      '   --|--\n',
    ]
    const tables = { all: 0, inContainers: 0 }
    for (let seed = 1; seed <= 2_000; seed += 1) {
      const markdown = randomDocument(seed, pieces)
      const expected = library(markdown)
      expect(ours(markdown), JSON.stringify(markdown)).toBe(expected)
      expect(oursAsRendered(markdown), JSON.stringify(markdown)).toBe(expected)
      countTables(JSON.parse(expected) as Tree, false, tables)
    }
    // The documents must make tables, in containers too, not only prose.
    expect(tables.all).toBeGreaterThan(250)
    expect(tables.inContainers).toBeGreaterThan(50)
  }, 60_000)

  it('does not try a head row on a line before one that cannot be a delimiter row', () => {
    let tries = 0
    const counted = {
      flow: {
        null: [
          {
            name: TABLE,
            tokenize: (_effects: unknown, _ok: unknown, nok: (code: unknown) => unknown) =>
              (code: unknown) => {
                tries += 1
                return nok(code)
              },
          },
        ],
      },
    } as unknown as ReturnType<typeof gfm>
    const rows: DelimiterRowLines = { current: undefined }
    const parse = (markdown: string) =>
      fromMarkdown(markdown, { extensions: [withTablesWhereTheyCanBe(counted, rows)] })
    const prose = 'One line of prose,\nanother,\nand a third.\n\n- a list item\n| - |'

    parse(prose)
    const triesUnset = tries
    tries = 0
    rows.current = possibleDelimiterRows(prose)
    parse(prose)
    // Unset, as the library: at the start of every line that starts flow content. Set: only
    // on line 5, before `| - |`.
    expect(triesUnset).toBeGreaterThanOrEqual(5)
    expect(tries).toBe(1)
  })

  it('notes the document’s possible delimiter rows for the length of each parse', () => {
    const rows: DelimiterRowLines = { current: undefined }
    const seen: (ReadonlySet<number> | undefined)[] = []
    // Only its parser matters: remark-parse's, as an attacher after it sees it.
    const processor = {
      parser: () => {
        seen.push(rows.current)
        throw new Error('the parse failed')
      },
    } as unknown as Processor
    parseWithDelimiterRows(processor, rows)
    // The wrapper hands the file on untouched; this parser never reads it.
    const file = {} as Parameters<NonNullable<Processor['parser']>>[1]
    expect(() => processor.parser?.('| a |\n| - |', file)).toThrow('the parse failed')
    expect(seen).toEqual([new Set([2])])
    // Unset again, after a failed parse too: a parse that did not note its rows tries every line.
    expect(rows.current).toBeUndefined()
  })

  it('leaves the other constructs as they are, and the table’s own fields', () => {
    const syntax = gfm()
    const gated = withTablesWhereTheyCanBe(syntax, { current: undefined })
    for (const hook of Object.keys(syntax).filter((key) => key !== 'flow'))
      expect(gated[hook as keyof typeof syntax], hook).toBe(syntax[hook as keyof typeof syntax])
    const [table] = [syntax.flow?.null ?? []].flat()
    const [ourTable] = [gated.flow?.null ?? []].flat()
    expect(ourTable?.name).toBe(TABLE)
    expect(ourTable?.resolveAll).not.toBe(table?.resolveAll)
    expect(ourTable?.tokenize).not.toBe(table?.tokenize)
    expect({ ...ourTable, resolveAll: 0, tokenize: 0 }).toEqual({ ...table, resolveAll: 0, tokenize: 0 })
  })

  it('gives a plain cell no text tokeniser of its own, and any other cell one', () => {
    /** Text tokenisers micromark makes for `markdown`: one per paragraph and table cell. */
    const markdown = '| plain | text, too. |\n| - | - |\n| *em* | `code` |'
    // As renderMarkdown parses it: without autolink literals, a letter starts no construct.
    const syntax = withoutAutolinkLiterals(gfm(), autolinkLiteralsNotIn(markdown))
    const rows: DelimiterRowLines = { current: possibleDelimiterRows(markdown) }
    // The library: one for each of the four cells. Ours: only for emphasis and code.
    expect(textTokenisers(markdown, [syntax])).toBe(4)
    expect(textTokenisers(markdown, [withTablesWhereTheyCanBe(syntax, rows)])).toBe(2)
    // With every autolink literal, any letter may start an e-mail address: no cell is plain.
    expect(textTokenisers(markdown, [withTablesWhereTheyCanBe(gfm(), rows)])).toBe(4)
  })
})
