import { fromMarkdown, type Extension } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'
import { describe, expect, it, vi } from 'vitest'
import {
  EMAIL_AUTOLINK,
  mayHoldEmailAutolinks,
  onlyOnTextThatMayHoldAnAutolink,
  withAutolinksWhereTheyCanBe,
  withoutEmailAutolinks,
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

describe('the parser without e-mail autolink literals, for text without an @', () => {
  const withoutAt = PIECES.filter((piece) => !piece.includes('@'))

  it('parses every text without an @ as GFM does, positions and all', () => {
    let linked = 0
    for (let seed = 1; seed <= 1_000; seed += 1) {
      const markdown = randomDocument(seed, withoutAt)
      expect(mayHoldEmailAutolinks(markdown)).toBe(false)
      const library = JSON.stringify(parse(markdown, gfmFromMarkdown()))
      const ours = JSON.stringify(parse(markdown, gfmFromMarkdown(), withoutEmailAutolinks(gfm())))
      expect(ours, JSON.stringify(markdown)).toBe(library)
      if (library.includes('"type":"link"')) linked += 1
    }
    expect(linked).toBeGreaterThan(100)
  }, 30_000)

  it('would miss the addresses in text with an @, which the pipeline parses in full', () => {
    const markdown = 'Write to someone@example.com.'
    const without = JSON.stringify(parse(markdown, [], withoutEmailAutolinks(gfm())))
    expect(without).not.toContain('mailto:')
    expect(mayHoldEmailAutolinks(markdown)).toBe(true)
    expect(renderMarkdown(markdown).html).toContain('href="mailto:someone@example.com"')
    expect(renderMarkdown('Plain www.example.com text').html).toContain(
      'href="http://www.example.com"',
    )
  })

  it('takes out the e-mail construct and nothing else', () => {
    const names = (syntax: ReturnType<typeof gfm>) =>
      Object.values(syntax.text ?? {})
        .flat()
        .map((construct) => construct?.name)
    const all = names(gfm())
    const kept = names(withoutEmailAutolinks(gfm()))
    expect(all).toContain(EMAIL_AUTOLINK)
    expect(kept).not.toContain(EMAIL_AUTOLINK)
    expect(kept).toEqual(all.filter((name) => name !== EMAIL_AUTOLINK))
    const syntax = gfm()
    const without = withoutEmailAutolinks(syntax)
    for (const hook of Object.keys(syntax).filter((key) => key !== 'text'))
      expect(without[hook as keyof typeof syntax], hook).toBe(syntax[hook as keyof typeof syntax])
  })
})
