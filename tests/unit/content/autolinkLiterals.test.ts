import { fromMarkdown, type Extension } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'
import { describe, expect, it, vi } from 'vitest'
import {
  autolinkLiteralsNotIn,
  onlyOnTextThatMayHoldAnAutolink,
  withAutolinksWhereTheyCanBe,
  withoutAutolinkLiterals,
  type AutolinkLiteral,
} from '../../../src/features/content/autolinkLiterals.ts'
import { renderMarkdown } from '../../../src/features/content/markdown.ts'
import { randomDocument } from './randomDocument.ts'

function parse(markdown: string, mdastExtensions: Extension[], syntax = gfm()): unknown {
  return fromMarkdown(markdown, { extensions: [syntax], mdastExtensions })
}

/** The tree with the library's transform as it ships, and with it run only where it can act. */
function bothWays(markdown: string): [unknown, unknown] {
  return [
    parse(markdown, gfmFromMarkdown()),
    parse(markdown, withAutolinksWhereTheyCanBe(gfmFromMarkdown())),
  ]
}

/** Pieces that make or break autolink literals, and the places they can sit. */
const PIECES = [
  'www.',
  'WWW.',
  'wWw.',
  'http://',
  'HTTPS://',
  'https://',
  'http:/',
  'mailto:',
  'MAILTO:',
  'xmpp:',
  '@',
  '.',
  '-',
  '_',
  '+',
  '/',
  '?',
  ')',
  '(',
  '*',
  '~~',
  '`',
  '<',
  '>',
  '&amp;',
  ' ',
  '\n',
  '\n\n',
  '> ',
  '- ',
  '| a | b |\n| - | - |\n| ',
  '[',
  '](',
  '[^1]',
  '[^1]: ',
  '[ref]',
  '\n\n[ref]: https://ref.example\n',
  'a',
  'bc',
  'example',
  'com',
  '1',
  'é',
  '、',
]

describe('autolink literals, found only in text that can hold one', () => {
  it('makes the same tree as the library on the cases GFM names', () => {
    const cases = [
      'Visit www.commonmark.org/help for more information.',
      'Visit www.commonmark.org.\n\nVisit www.commonmark.org/a.b.',
      'www.google.com/search?q=Markup+(business)\n\nwww.google.com/search?q=Markup+(business)))',
      '(www.google.com/search?q=Markup+(business))',
      'www.google.com/search?q=(business))+ok',
      'www.google.com/search?q=commonmark&hl=en\n\nwww.google.com/search?q=commonmark&hl;',
      'www.commonmark.org/he<lp',
      'http://commonmark.org\n\n(Visit https://encrypted.google.com/search?q=Markup+(business))',
      'foo@bar.baz\n\nhello@mail+xyz.example isn’t valid, but hello+xyz@mail.example is.',
      'a.b-c_d@a.b\n\na.b-c_d@a.b.\n\na.b-c_d@a.b-\n\na.b-c_d@a.b_',
      'mailto:foo@bar.baz\n\nmailto:a.b-c_d@a.b\n\nmailto:a.b-c_d@a.b.\n\nmailto:a.b-c_d@a.b/',
      'mailto:a.b-c_d@a.b-\n\nmailto:a.b-c_d@a.b_\n\nxmpp:foo@bar.baz\n\nxmpp:foo@bar.baz.',
      'xmpp:foo@bar.baz/txt\n\nxmpp:foo@bar.baz/txt@bin\n\nxmpp:foo@bar.baz/txt@bin.com',
      '[a link www.example.com](https://x.example) and [www.ref.example][r]\n\n[r]: https://r.example',
      '*emphasis www.example.com* and **strong https://s.example/path** and ~~gone a@b.co~~',
      '`code www.example.com` and ![alt www.example.com](i.png)',
      'no links here at all, only words, dots. and commas',
    ]
    for (const markdown of cases) {
      const [library, ours] = bothWays(markdown)
      expect(ours, markdown).toEqual(library)
    }
  })

  it('makes the same tree as the library on 1,500 random documents', () => {
    let linked = 0
    for (let seed = 1; seed <= 1_500; seed += 1) {
      const markdown = randomDocument(seed, PIECES)
      const [library, ours] = bothWays(markdown).map((tree) => JSON.stringify(tree))
      expect(ours, JSON.stringify(markdown)).toBe(library)
      if (library?.includes('"type":"link"')) linked += 1
    }
    // The documents must reach the transform's cases, not only plain text.
    expect(linked).toBeGreaterThan(150)
  }, 30_000)

  it('runs the transform only on text that holds an @, a scheme or www.', () => {
    const transform = vi.fn()
    const tree = fromMarkdown(
      'Plain words.\n\nWrite to someone@example.com or see WWW.example.com.\n\n[www.in.link](https://a.example)',
    )
    onlyOnTextThatMayHoldAnAutolink(transform)(tree)
    const seen = transform.mock.calls.map(([alone]) => JSON.stringify(alone.children))
    expect(seen).toEqual([expect.stringContaining('someone@example.com or see WWW.example.com.')])
  })

  it('leaves the other GFM extensions as they are', () => {
    const library = gfmFromMarkdown()
    const ours = withAutolinksWhereTheyCanBe(library)
    expect(ours).toHaveLength(library.length)
    expect(ours.slice(1)).toEqual(library.slice(1))
    expect(ours[0]?.transforms?.[0]).not.toBe(library[0]?.transforms?.[0])
  })
})

describe('the parser without the autolink literals a text cannot hold', () => {
  const KINDS: AutolinkLiteral[] = ['emailAutolink', 'wwwAutolink', 'protocolAutolink']
  /** Words that start as a link would and are not one: each is a try the full parser makes. */
  const NEAR_MISSES = ['w', 'W', 'ww.', 'wwwx', 'h', 'H', 'http', 'https:', 'http:/', 'x@']

  it('parses every text as GFM does, positions and all', () => {
    let linked = 0
    const leftOut = new Map<AutolinkLiteral, number>()
    for (let seed = 1; seed <= 1_500; seed += 1) {
      const markdown = randomDocument(seed, [...PIECES, ...NEAR_MISSES])
      const without = autolinkLiteralsNotIn(markdown)
      for (const name of without) leftOut.set(name, (leftOut.get(name) ?? 0) + 1)
      const library = JSON.stringify(parse(markdown, gfmFromMarkdown()))
      const ours = JSON.stringify(
        parse(markdown, gfmFromMarkdown(), withoutAutolinkLiterals(gfm(), without)),
      )
      expect(ours, JSON.stringify(markdown)).toBe(library)
      if (library.includes('"type":"link"')) linked += 1
    }
    // The documents reach links, and texts without each kind of link but with its near misses.
    expect(linked).toBeGreaterThan(150)
    for (const name of KINDS) expect(leftOut.get(name) ?? 0, name).toBeGreaterThan(300)
  }, 30_000)

  it('finds each kind in any case, and would miss it if the parse left its construct out', () => {
    const texts: Record<AutolinkLiteral, string[]> = {
      emailAutolink: ['Write to someone@example.com.'],
      wwwAutolink: ['See www.example.com.', 'See WwW.example.com.'],
      protocolAutolink: ['See http://example.com.', 'See HTTPS://example.com.'],
    }
    for (const name of KINDS) {
      for (const markdown of texts[name]) {
        expect(autolinkLiteralsNotIn(markdown), markdown).not.toContain(name)
        const without = JSON.stringify(parse(markdown, [], withoutAutolinkLiterals(gfm(), [name])))
        expect(without, markdown).not.toContain('literalAutolink')
        // The pipeline links it (the sanitiser keeps an href only for a lower-case scheme).
        expect(renderMarkdown(markdown).html, markdown).toContain('<a')
      }
    }
    expect(autolinkLiteralsNotIn('Plain words, with http: and ww. and no at sign.')).toEqual(KINDS)
  })

  it('takes out the constructs named and nothing else', () => {
    const names = (syntax: ReturnType<typeof gfm>) =>
      Object.values(syntax.text ?? {})
        .flat()
        .map((construct) => construct?.name)
    const all = names(gfm())
    for (const left of [[], ...KINDS.map((name) => [name]), KINDS]) {
      const kept = names(withoutAutolinkLiterals(gfm(), left))
      for (const name of left) expect(all).toContain(name)
      expect(kept).toEqual(all.filter((name) => !left.includes(name as AutolinkLiteral)))
    }
    const syntax = gfm()
    const without = withoutAutolinkLiterals(syntax, KINDS)
    for (const hook of Object.keys(syntax).filter((key) => key !== 'text'))
      expect(without[hook as keyof typeof syntax], hook).toBe(syntax[hook as keyof typeof syntax])
  })
})
