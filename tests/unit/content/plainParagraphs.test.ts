import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { parse as micromarkParser } from 'micromark'
import { gfm } from 'micromark-extension-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import {
  autolinkLiteralsNotIn,
  withoutAutolinkLiterals,
} from '../../../src/features/content/autolinkLiterals.ts'
import {
  mayBePlain,
  plainParagraphIn,
  plainParagraphs,
} from '../../../src/features/content/plainParagraphs.ts'
import {
  remarkGfmSyntax,
  type GfmSyntaxOptions,
} from '../../../src/features/content/remarkGfmSyntax.ts'
import { POST_KINDS } from '../../../scripts/bench/generatePosts.ts'
import { library, ours, oursAsRendered, textTokenisers } from './parsedTrees.ts'
import { randomDocument } from './randomDocument.ts'

/**
 * The tree, or the error: in development builds (as Vitest loads them), a task-list item's
 * checks throw on some documents in the library too, and ours must then throw as well.
 */
function treeOrError(parse: (markdown: string) => string, markdown: string): string {
  try {
    return parse(markdown)
  } catch (error) {
    return `threw: ${String(error)}`
  }
}

/**
 * The construct alone, without the look-ahead (no parse noted the document): it must make the
 * library's tree by its own checks.
 */
function withoutLookAhead(markdown: string): string {
  const syntax = withoutAutolinkLiterals(gfm(), autolinkLiteralsNotIn(markdown))
  return JSON.stringify(
    fromMarkdown(markdown, {
      extensions: [syntax, plainParagraphs()],
      mdastExtensions: gfmFromMarkdown(),
    }),
  )
}

function expectTheLibrarysTree(markdown: string): string {
  const expected = treeOrError(library, markdown)
  expect(treeOrError(oursAsRendered, markdown), JSON.stringify(markdown)).toBe(expected)
  expect(treeOrError(ours, markdown), JSON.stringify(markdown)).toBe(expected)
  expect(treeOrError(withoutLookAhead, markdown), JSON.stringify(markdown)).toBe(expected)
  return expected
}

/**
 * CommonMark's paragraph, hard and soft line break and setext heading examples, and paragraphs
 * that end or give way where the text tokeniser would read something else: spaces and tabs at
 * the ends of lines, every line ending, containers and lazy lines, definitions before them.
 */
const CASES = [
  'aaa\n\nbbb',
  'aaa\nbbb\n\nccc\nddd',
  'aaa\n\n\nbbb',
  '  aaa\n bbb',
  'aaa\n             bbb\n                                       ccc',
  '   aaa\nbbb',
  '    aaa\nbbb',
  'aaa     \nbbb     ',
  'foo  \nbaz',
  'foo\\\nbaz',
  'foo       \nbaz',
  'foo  \n     bar',
  'foo\\\n     bar',
  'foo\nbaz',
  'foo \n baz',
  'foo\t\nbar',
  'foo\tbar',
  'Foo *bar*\n=========',
  'Foo\nbar\n---',
  'Foo\n---\n\nBar\n===',
  'Foo  \n-----',
  'Foo\n    ---',
  '> foo\nbar\n\n- a\n  b\nlazy\n\n1. one\n2. two',
  '> a\n> b\n>\n> c',
  '[a]: /url\nplain after a definition\n\n[a]',
  'a\r\nb\rc\n',
  'a\r\n\r\nb  \r\nc',
  'text at the end ',
  'text at the end\t',
  'a\u0000b\n\u0000',
  'é ü 日本語 🎉 and the rest.',
  'Plain, with punctuation: a. b; c! d? e- f+ g= h( i) j{ k} l" m\' n/ o| p# q$ r% s^ t,',
  'Not plain: a & b, a < b, a ` b, a ~ b, a [ b, a ] b, a ! b, a \\ b, a * b, a _ b.',
  'Addresses: someone@example.com, www.example.com, https://example.com/x.',
  '- [ ] task\n- [x] done\n  plain',
  '[^1]: a plain note\n    more of it\n\nA call[^1].',
  '| a | b |\n| - | - |\n| 1 | 2 |\nafter the table\n\nplain\n| a |\n| - |',
  '# Heading\nplain\n    indented code\n\n```\nfence\n```\nplain',
  '\uFEFFplain after a byte order mark\n\nand *not* plain',
  'plain\r\nover lines\r\n\r\n*not*\r\nplain\r\n\r\nlast `line`',
]

describe('a paragraph of plain text is read once', () => {
  it('makes the same trees as the library on CommonMark’s examples and more', () => {
    for (const markdown of CASES) expectTheLibrarysTree(markdown)
  })

  it('makes the same trees as the library on the bench’s posts', () => {
    for (const make of Object.values(POST_KINDS))
      for (let n = 1; n <= 6; n += 1) expectTheLibrarysTree(make(n))
  }, 60_000)

  it('makes the same trees as the library on 2,000 random documents', () => {
    const pieces = [
      'word',
      'word ',
      'two words',
      '.',
      ', ',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '\r',
      '\n\n',
      '   ',
      '    ',
      '> ',
      '- ',
      '1. ',
      '* ',
      '*',
      '_',
      '`',
      '\\',
      '&amp;',
      '<b>',
      '~',
      '!',
      '[a]',
      '[a]: /url\n',
      '[ ] ',
      '[^1]: ',
      '===\n',
      '---\n',
      '# ',
      '```\n',
      '| a |\n| - |\n',
      'www.x.com',
      'a@b.co',
      'https://x.y',
      '\u0000',
      'é',
    ]
    let paragraphs = 0
    for (let seed = 1; seed <= 2_000; seed += 1) {
      const expected = expectTheLibrarysTree(randomDocument(seed, pieces))
      paragraphs += expected.split('"type":"paragraph"').length - 1
    }
    // The documents must hold paragraphs, not only other blocks.
    expect(paragraphs).toBeGreaterThan(2_000)
  }, 120_000)

  it('gives a plain paragraph no text tokeniser of its own, and any other one', () => {
    /** Text tokenisers micromark makes for `markdown`: one per paragraph, heading and cell. */
    /** The syntax extensions the pipeline's parser hands micromark. */
    const pipelineSyntax = (options: GfmSyntaxOptions) =>
      unified().use(remarkParse).use(remarkGfmSyntax, options).freeze().data()
        .micromarkExtensions as ReturnType<typeof gfm>[]
    const markdown = 'Plain text,\nover two lines.\n\n> Plain, quoted.\n\nWith *emphasis*.\n\nEnds in a space \n'
    const without = autolinkLiteralsNotIn(markdown)
    // The library: one for each of the four paragraphs. As renderMarkdown parses it, without
    // autolink literals, a letter starts no construct: only the two that are not plain.
    expect(textTokenisers(markdown, [withoutAutolinkLiterals(gfm(), without)])).toBe(4)
    expect(textTokenisers(markdown, pipelineSyntax({ without }))).toBe(2)
    // With every autolink literal, any letter may start an e-mail address: none is plain.
    expect(textTokenisers(markdown, pipelineSyntax({}))).toBe(4)
  })

  it('guesses from the text whether a paragraph may be plain, up to a blank line', () => {
    const text = withoutAutolinkLiterals(gfm(), ['emailAutolink', 'wwwAutolink', 'protocolAutolink'])
    const constructs = micromarkParser({ extensions: [text] }).constructs.text
    expect(mayBePlain('plain words\nover lines', 0, constructs)).toBe(true)
    expect(mayBePlain('plain words\nwith *emphasis*', 0, constructs)).toBe(false)
    expect(mayBePlain('plain words\n\n*emphasis* later', 0, constructs)).toBe(true)
    expect(mayBePlain('plain words\n \t\n*emphasis* later', 0, constructs)).toBe(true)
    expect(mayBePlain('plain words\r\n\r\n*emphasis* later', 0, constructs)).toBe(true)
    expect(mayBePlain('plain\r\nwords\r\n`code`', 0, constructs)).toBe(false)
    expect(mayBePlain('plain\rwords\r\r`code`', 0, constructs)).toBe(true)
    expect(mayBePlain('*x* plain', 3, constructs)).toBe(true)
  })

  it('gives way before reading a paragraph whose later line holds a construct', () => {
    const markdown = 'Plain words,\nmore plain words,\nand `code` at the end.\n\nAll plain,\nover two lines.\n'
    const construct = plainParagraphIn({ current: markdown })
    let consumed = 0
    const counting: typeof construct = {
      ...construct,
      tokenize(effects, ok, nok) {
        const countingEffects = {
          ...effects,
          consume(code: Parameters<typeof effects.consume>[0]) {
            consumed += 1
            return effects.consume(code)
          },
        }
        return construct.tokenize.call(this, countingEffects, ok, nok)
      },
    }
    const syntax = withoutAutolinkLiterals(gfm(), autolinkLiteralsNotIn(markdown))
    const tree = fromMarkdown(markdown, {
      extensions: [syntax, { contentInitial: { null: [counting] } }],
      mdastExtensions: gfmFromMarkdown(),
    })
    expect(JSON.stringify(tree)).toBe(library(markdown))
    // Only the second paragraph, line ending and all; none of the first.
    expect(consumed).toBe('All plain,\nover two lines.'.length)
  })
})
