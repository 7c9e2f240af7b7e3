/**
 * The preview worker's HTML printer, hast-util-to-html, gets HTML's schema of attributes only
 * (preview/htmlSchemaOnly.ts) and no rules for leaving out optional tags
 * (preview/optionalTagsKept.ts; scripts/vite/moduleStandIns.ts). The preview's pipeline is
 * bundled here as the worker's build bundles it, with every stand-in the worker gets, and renders
 * a note with every construct the sanitiser lets through, and some it does not (SVG, MathML), as
 * the libraries themselves render it.
 */
import { createRequire } from 'node:module'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Root } from 'hast'
import { toHtml as packageToHtml } from 'hast-util-to-html'
import { find, html, svg } from 'property-information'
import { rolldown, type Plugin as RolldownPlugin } from 'rolldown'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { previewWorkerStandIns, pureSchemaMerges } from '../../../scripts/vite/moduleStandIns.ts'
import * as standIn from '../../../src/features/workspace/preview/htmlSchemaOnly.ts'
import {
  createPreviewRenderer,
  type PreviewRendererDeps,
} from '../../../src/features/workspace/preview/previewRenderer.ts'
import { createBrowserHighlighter } from '../../../src/features/workspace/preview/shikiBrowser.ts'

const NOTE = [
  '# A note with *everything* <svg viewBox="0 0 8 8"><circle cx="4" cy="4" r="3"/></svg>',
  '',
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" aria-label="A circle" class="icon">',
  '  <circle cx="5" cy="5" r="4" stroke-width="2" fill="currentColor"/>',
  '  <foreignObject><p title="inside">HTML in SVG</p></foreignObject>',
  '</svg>',
  '',
  '<math display="block"><mi>x</mi><mo>=</mo><mfrac><mn>1</mn><mn>2</mn></mfrac></math>',
  '',
  'Text with *emphasis*, **strong**, `code`, ~~strike~~, <kbd>Ctrl</kbd>, <sup>1</sup>,',
  '<ins>added</ins>, <del datetime="2026-11-28">gone</del>, <q cite="https://example.com">said</q>,',
  'a [link](https://example.com/?a=1&b=2 "Title & more"), a [local one](/blog),',
  'a [fragment](#a-note), www.example.com, someone@example.com and a footnote[^1].',
  '',
  '![An image](https://example.com/a.png "Its title") <img src="b.png" alt="B" width="20" height="10">',
  '',
  '<div aria-hidden="true" aria-describedby="x y" data-kind="box" data-x-y="z" class="a b" dir="rtl"',
  'id="box" title="A box" lang="fr" role="note" hidden itemprop="name">A box</div>',
  '',
  '<details open><summary>More</summary><p align="center">Hidden</p></details>',
  '',
  '<table border="1" cellpadding="2"><tr><td colspan="2" rowspan="1" nowrap valign="top">cell</td></tr></table>',
  '',
  '| left | centre | right |',
  '| :--- | :----: | ----: |',
  '| 1 | 2 | 3 |',
  '| a | | |',
  '',
  '- [x] done',
  '- [ ] to do',
  '',
  '3. three',
  '4. four',
  '',
  '<ol start="5" type="a" reversed><li value="7">seven</li></ol>',
  '',
  '<input type="checkbox" checked disabled> <a name="anchor" href="#anchor" rel="me">here</a>',
  '<span style="color:red" onclick="alert(1)" tabindex="0">styled</span>',
  '',
  '> A quote &amp; &copy; &#x1F600;',
  '',
  '```ts',
  'const a: number = 1 < 2 ? 3 : 4',
  '```',
  '',
  '```',
  'plain <code>',
  '```',
  '',
  '<!-- a comment -->',
  '',
  '[^1]: The footnote, with a [link](https://example.com).',
].join('\n')

/** The preview's renderer, its highlighter and its printer, as one bundle with stand-ins. */
interface Bundled {
  createPreviewRenderer: typeof createPreviewRenderer
  createBrowserHighlighter: typeof createBrowserHighlighter
  namedReferencesFor: (markdown: string) => Promise<void>
  toHtml: typeof packageToHtml
}

const ENTRY = 'folio-preview-under-test'
const SOURCES = new URL('../../../src/features/workspace/preview/', import.meta.url)

let outDir = ''
let bundled: Bundled
let bundledCode = ''

beforeAll(async () => {
  const entry: RolldownPlugin = {
    name: 'entry',
    resolveId: (id) => (id === ENTRY ? `\0${ENTRY}` : null),
    load: (id) =>
      id === `\0${ENTRY}`
        ? [
            `export { createPreviewRenderer } from ${JSON.stringify(new URL('previewRenderer.ts', SOURCES).pathname)}`,
            `export { createBrowserHighlighter } from ${JSON.stringify(new URL('shikiBrowser.ts', SOURCES).pathname)}`,
            `export { namedReferencesFor } from ${JSON.stringify(new URL('namedCharacterReferences.ts', SOURCES).pathname)}`,
            `export { toHtml } from 'hast-util-to-html'`,
          ].join('\n')
        : null,
  }
  const bundle = await rolldown({
    input: { entry: ENTRY },
    cwd: new URL('../../../', import.meta.url).pathname,
    plugins: [entry, ...(previewWorkerStandIns() as RolldownPlugin[])],
    logLevel: 'silent',
  })
  outDir = mkdtempSync(join(tmpdir(), 'folio-preview-bundle-'))
  await bundle.write({ dir: outDir, format: 'esm', entryFileNames: '[name].mjs' })
  bundledCode = readdirSync(outDir)
    .map((file) => readFileSync(join(outDir, file), 'utf8'))
    .join('\n')
  bundled = (await import(pathToFileURL(join(outDir, 'entry.mjs')).href)) as Bundled
}, 60_000)

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true })
})

function renderWith(create: typeof createPreviewRenderer, deps: PreviewRendererDeps) {
  return create(deps).render(NOTE, 'https://folio.example')
}

/** TypeScript's grammar, a copy for each highlighter: shiki changes the grammar it loads. */
const languages = {
  ts: async () => ({
    default: structuredClone((await import('shiki/langs/typescript.mjs')).default),
  }),
}

describe("the preview worker's schema of attributes", () => {
  it('renders a note with every construct as the libraries do', async () => {
    const expected = (
      await renderWith(createPreviewRenderer, {
        languages,
        createHighlighter: createBrowserHighlighter,
      })
    ).join('\n')
    await bundled.namedReferencesFor(NOTE) // as the worker does before it renders
    const actual = (
      await renderWith(bundled.createPreviewRenderer, {
        languages,
        createHighlighter: bundled.createBrowserHighlighter,
      })
    ).join('\n')
    // Colours aside: shiki stops colouring a line after 500 ms (`tokenizeTimeLimit`), which a
    // busy machine can reach on the first line, and they are shiki's, not the printer's.
    const colourless = (html: string) => html.replaceAll(/#[0-9A-F]{6}\b/gi, '#colour')
    expect(colourless(actual)).toBe(colourless(expected))
    // The note reached the printer with what it names: this compares something.
    for (const part of [
      '<th align="center" dir="auto">centre</th>',
      'aria-label="Link to “A note with everything”"',
      'data-footnote-ref aria-describedby="user-content-footnote-label"',
      'data-footnote-backref="" aria-label="Back to reference 1" class="data-footnote-backref"',
      '<input type="checkbox" checked disabled aria-label="Done">',
      '<ol start="3">',
      'href="https://example.com/?a=1&#x26;b=2" title="Title &#x26; more" rel="noopener noreferrer"',
      '<img src="https://example.com/a.png" alt="An image" title="Its title">',
      'tabindex="0" data-language="ts"><code><span class="line"><span style="--shiki-light:',
      'A quote &#x26; © 😀',
    ])
      expect(actual).toContain(part)
    // …and no SVG or MathML element: remark-rehype makes no element of a note's HTML, and the
    // sanitiser would keep none (content/markdown.ts).
    expect(actual).not.toMatch(/<(svg|circle|foreignObject|math|mi)\b/i)
  })

  it('is the package’s HTML schema and lookup', () => {
    expect(standIn.html).toBe(html)
    expect(standIn.find).toBe(find)
    expect(standIn.svg.space).toBe(svg.space)
  })

  it('refuses to write an SVG element’s attributes, which the package would write', () => {
    const tree: Root = {
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'svg',
          properties: { viewBox: '0 0 10 10' },
          children: [],
        },
      ],
    }
    expect(packageToHtml(tree)).toBe('<svg viewBox="0 0 10 10"></svg>')
    expect(() => bundled.toHtml(tree)).toThrow(/prints no SVG/)
    expect(() => bundled.toHtml(tree, { space: 'svg' })).toThrow(/prints no SVG/)
  })

  it('leaves the package’s SVG schema out of the bundle', () => {
    // Properties only property-information's SVG schema names.
    expect(svg.property.clipPathUnits?.attribute).toBe('clipPathUnits')
    expect(svg.property.glyphOrientationVertical?.attribute).toBe('glyph-orientation-vertical')
    expect(bundledCode).toContain('acceptCharset') // HTML's schema is there
    expect(bundledCode).not.toContain('clipPathUnits')
    expect(bundledCode).not.toContain('glyphOrientationVertical')
  })
})

describe("the preview worker's printer and optional tags", () => {
  const LIST: Root = {
    type: 'root',
    children: [
      {
        type: 'element',
        tagName: 'ul',
        properties: {},
        children: [
          {
            type: 'element',
            tagName: 'li',
            properties: {},
            children: [
              {
                type: 'element',
                tagName: 'p',
                properties: {},
                children: [{ type: 'text', value: 'a' }],
              },
            ],
          },
        ],
      },
    ],
  }

  it('writes every tag, as the package does when not asked to leave any out', () => {
    expect(bundled.toHtml(LIST)).toBe('<ul><li><p>a</p></li></ul>')
    expect(bundled.toHtml(LIST)).toBe(packageToHtml(LIST))
  })

  it('refuses to leave tags out, which the package would', () => {
    expect(packageToHtml(LIST, { omitOptionalTags: true })).toBe('<ul><li><p>a</ul>')
    expect(() => bundled.toHtml(LIST, { omitOptionalTags: true })).toThrow(/writes every tag/)
  })

  it('leaves the package’s rules for optional tags out of the bundle', () => {
    expect(bundledCode).not.toContain('headOrColgroupOrCaption')
    expect(bundledCode).not.toContain('rubyElement')
  })
})

describe("the marking of property-information's schema merges", () => {
  const plugin = pureSchemaMerges()
  const transform = plugin.transform as (code: string, id: string) => { code: string } | null
  const INDEX = '/x/node_modules/property-information/index.js'

  it('marks the two merges of its index pure, and nothing else', () => {
    const code = readFileSync(
      createRequire(import.meta.url).resolve('property-information'),
      'utf8',
    )
    const marked = transform(code, INDEX)?.code ?? ''
    expect(marked.match(/\/\* @__PURE__ \*\/ merge\(/g)).toHaveLength(2)
    expect(marked.replaceAll('/* @__PURE__ */ ', '')).toBe(code)
    expect(transform(code, '/x/node_modules/other/index.js')).toBeNull()
  })

  it('fails the build when the index no longer reads so', () => {
    expect(() => transform('export const html = build([])', INDEX)).toThrow(/merges 0 schemas/)
  })
})
