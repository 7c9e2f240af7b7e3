/**
 * The preview worker's stand-in for `stringify-entities` (vite.config.ts gives it to the worker's
 * hast-util-to-html): it escapes as the package does with the options the preview's printer
 * passes, and the printer passes none that would make the package write other references.
 */
import { describe, expect, it } from 'vitest'
import { stringifyEntities as packageStringify } from 'stringify-entities'
import { stringifyEntities } from '../../../src/features/workspace/preview/hexadecimalReferences.ts'
import { createPreviewRenderer } from '../../../src/features/workspace/preview/previewRenderer.ts'

/** Text with every kind of character the package treats apart. */
const SAMPLES = [
  'plain words',
  `<tag attr="x" other='y'> & \`tick\` =equals`,
  'controls \u0001\u0007\u000b\u000c\u001f\u007f\u0081\u008d\u00a0 end',
  'accents é ü ß, dashes – —, quotes “ ” ‘ ’, © ® ™ …',
  'astral 😀 𝔸 and a lone surrogate \ud800 here',
  '&amp; &#169; &copy already escaped?',
  'ab&c<d>e"f\'g`h',
]

/** The option shapes hast-util-to-html 9 passes: text, comments and each kind of attribute. */
const OPTIONS = [
  undefined,
  { subset: ['<', '&'] },
  { subset: ['>'] },
  { subset: ['"', '&', '`'], attribute: true },
  { subset: ["'", '&', '`'], attribute: true },
  { subset: ['\t', '\n', '\f', '\r', ' ', '"', '&', "'", '<', '=', '>', '`'], attribute: true },
]

describe("the preview worker's character references", () => {
  it('escapes as stringify-entities does with the options the preview passes', () => {
    for (const sample of SAMPLES)
      for (const options of OPTIONS)
        expect(stringifyEntities(sample, options), JSON.stringify([sample, options])).toBe(
          packageStringify(sample, options),
        )
  })

  it('refuses options that would name references or drop semicolons', () => {
    for (const option of ['useNamedReferences', 'useShortestReferences', 'omitOptionalSemicolons'])
      expect(() => stringifyEntities('©', { [option]: true })).toThrow(/hexadecimal/)
  })
})

describe("the preview's printer", () => {
  const NOTE = [
    '# Fish & chips <3',
    '',
    'A [link "quoted"](https://example.com/?a=1&b=2 "Title & more") and `a < b`, © 😀 \u00a0.',
    '',
    '<span title="it\'s <odd>">inline html</span> and <!-- a comment & more -->',
    '',
    '| a & b | c |',
    '| --- | --- |',
    '| <x> | "y" |',
    '',
    '- [ ] task with `code & more`',
    '',
    '```',
    'if (a < b && c > d) return "x"',
    '```',
    '',
    'Footnote[^1].',
    '',
    '[^1]: A note & its <reference>.',
  ].join('\n')

  // The stand-in refuses the options that name references; this is the other half: the printer
  // passes none, so the package's own output holds only the references the stand-in writes.
  it('writes only hexadecimal references with the package, as the stand-in does', async () => {
    const renderer = createPreviewRenderer({
      languages: {},
      createHighlighter: () => Promise.reject(new Error('no fence here names a language')),
    })
    const html = (await renderer.render(NOTE)).join('\n')
    const references = html.match(/&[^\s&;]*;/g) ?? []
    expect(references).toContain('&#x26;')
    expect(references).toContain('&#x3C;')
    for (const reference of references) expect(reference).toMatch(/^&#x[0-9A-F]+;$/)
  })
})
