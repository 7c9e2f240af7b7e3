import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundledLanguages } from 'shiki/langs'
import { renderMarkdown } from '../../../src/features/content/markdown.ts'
import { splitHtmlBlocks } from '../../../src/features/workspace/preview/htmlBlocks.ts'
import { markdownSegments } from '../../../src/features/workspace/preview/markdownSegments.ts'
import {
  createPreviewRenderer,
  PREVIEW_HEADINGS_BELOW_LEVEL,
} from '../../../src/features/workspace/preview/previewRenderer.ts'
import { createBrowserHighlighter } from '../../../src/features/workspace/preview/shikiBrowser.ts'
import { benchDocument } from '../../../scripts/bench/editor/benchDocument.ts'
import { POST_KINDS } from '../../../scripts/bench/generatePosts.ts'
import { shikiBlock } from '../content/shikiBlock.ts'

const ORIGIN = 'https://folio.example'

/** The note rendered whole, as the preview did before it rendered in segments. */
function wholeBlocks(markdown: string): string[] {
  return splitHtmlBlocks(
    renderMarkdown(markdown, {
      siteOrigin: ORIGIN,
      autoDirection: true,
      headingsBelowLevel: PREVIEW_HEADINGS_BELOW_LEVEL,
    }).html,
  )
}

/** Where each block of the note rendered whole came from in it (markdown.ts `blockLines`). */
function wholeLines(markdown: string): number[] {
  const rendered = renderMarkdown(markdown, {
    siteOrigin: ORIGIN,
    autoDirection: true,
    sourceLines: true,
  })
  // Two numbers for every block the page gets, or the preview scrolls to the wrong one.
  expect(rendered.blockLines).toHaveLength(2 * splitHtmlBlocks(rendered.html).length)
  return rendered.blockLines ?? []
}

/** The preview's renderer without shiki: code stays plain, as in `wholeBlocks`. */
function plainRenderer() {
  return createPreviewRenderer({
    languages: {},
    createHighlighter: () => Promise.reject(new Error('no highlighter in this test')),
  })
}

const TRICKY = [
  '- a\n- b\n\n- c\n\nafter\n',
  '1. one\n\n2. two\n\n10) ten\n\ntext\n',
  '# Setup\n\ntext\n\n# Setup\n\n## Setup\n\nmore\n\n# Setup 1\n\n# setup!\n',
  '```\ncode\n\nstill code\n\n# not a heading\n```\n\nafter\n',
  '````md\n```\ninner\n```\n\nstill inside\n````\n\nout\n',
  '~~~\n```\n\nx\n~~~\n\ny\n',
  '```js`x\n\nnot a fence, a paragraph\n\n# heading\n',
  '```\nunclosed\n\nmore\n\n# still code\n',
  '```\ncode\n```  \n\nafter a closing fence with spaces\n',
  '```\ncode\n``` not a closer\n\n# still code\n```\n\n# out\n',
  '> quote\n\n> another\n\nplain\n>lazy?\n',
  'Title\n===\n\npara\n\n---\n\n***\n\n* * *\n\n___\n',
  '| a | b |\n| - | - |\n| 1 | 2 |\n\nafter table\n\n|x|\n|-|\n',
  '    indented code\n\n    more\n\nnext\n',
  'para\r\n\r\nnext\r\n\r\n- item\r\n\r\n- item2\r\n\r\n-\r\n\r\nend\r\n',
  '- item\n\n  continued\n\n\tstill in the item\n\nout\n',
  '* [ ] task\n* [x] done\n\nend\n\n+ plus\n\n+\n',
  'a  \nb\n\nc\\\nd\n\n*emphasis\n\nacross* blank\n',
  '# Ünïcödé heading\n\n# ünïcödé Heading\n\n# 日本語\n\n# 日本語\n',
  '\n\n\nleading blank lines\n\n\n\ntrailing\n\n\n',
  '```ts\ntype Counts = { [word: string]: number }\n  ```\n```\n\n```html\n<div>\n\n# x\n</div>\n```\n\nafter\n',
  'no newline at the end',
  '',
]

function corpus(): [string, string][] {
  const documents: [string, string][] = TRICKY.map((text, index) => [`tricky ${index}`, text])
  for (const folder of ['content/blog', 'content/pages', 'content/changelog'])
    for (const file of readdirSync(folder))
      documents.push([file, readFileSync(path.join(folder, file), 'utf8')])
  for (const [kind, post] of Object.entries(POST_KINDS)) documents.push([kind, post(7)])
  documents.push(['bench note', benchDocument(20_000)])
  return documents
}

/** A seeded generator, so a failure shows again on the next run. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

const TYPED = [
  '\n',
  '\n\n',
  ' ',
  '  ',
  '\t',
  '#',
  '# ',
  '- ',
  '* ',
  '1. ',
  '```',
  '~~~',
  '>',
  '|',
  'a',
  'word',
  '[',
  ']',
  '=',
  '*',
  '_',
  '`',
]

describe('markdownSegments', () => {
  it('starts a segment at each first-column line after a blank line', () => {
    expect(markdownSegments('# One\n\nSome text\nand more\n\n> quote\n')).toEqual([
      '# One\n\n',
      'Some text\nand more\n\n',
      '> quote\n',
    ])
  })

  it('keeps a list, with its blank lines and indented parts, in one segment', () => {
    expect(markdownSegments('- a\n\n- b\n\n  more of b\n\n1. c\n\nafter\n')).toEqual([
      '- a\n\n- b\n\n  more of b\n\n1. c\n\n',
      'after\n',
    ])
  })

  it('keeps a fenced code block whole, blank lines and first-column lines included', () => {
    const fenced = '```ts\nconst a = 1\n\n# not a heading\n```\n\n'
    expect(markdownSegments(`${fenced}after\n`)).toEqual([fenced, 'after\n'])
    // A shorter fence, or one with an info string, does not close a longer one.
    const longer = '````\n```\n\nx\n``` y\n\n````\n\n'
    expect(markdownSegments(`${longer}after\n`)).toEqual([longer, 'after\n'])
  })

  it('follows notes whose code looks like markup, definitions or fences', () => {
    const note =
      '```ts\ntype Counts = { [word: string]: number }\n    ```\n```\n\n```html\n<div>[^1]</div>\n```\n\nafter\n'
    expect(markdownSegments(note)).toEqual([
      '```ts\ntype Counts = { [word: string]: number }\n    ```\n```\n\n',
      '```html\n<div>[^1]</div>\n```\n\n',
      'after\n',
    ])
  })

  it('renders whole what reaches across blocks or what it does not follow', () => {
    for (const note of [
      'See [the docs][docs].\n\n[docs]: https://folio.example/docs\n',
      'A note[^1].\n\n[^1]: The footnote.\n',
      '- [docs]: https://folio.example/docs\n\nSee [docs].\n',
      '- item\n  ```\n  code\n\nout\n  ```\n',
      '  ```\nindented fence\n```\n',
      '> ```\n> code\n',
      '<!-- a comment\n\nstill the comment -->\n',
      '<div>\n```\n</div>\n',
      'old\rmac\r\rline endings\n',
    ])
      expect(markdownSegments(note)).toBeNull()
  })
})

describe('the preview rendered in segments', () => {
  it('renders every document exactly as the whole pipeline does', async () => {
    const renderer = plainRenderer()
    for (const [name, text] of corpus()) {
      expect(await renderer.render(text, ORIGIN), name).toEqual(wholeBlocks(text))
      expect([...renderer.blockLines()], name).toEqual(wholeLines(text))
    }
  })

  it('stays exact through a long run of edits, reusing what it rendered before', async () => {
    const next = random(19)
    for (const [name, start] of corpus().filter(([, text]) => text.length < 6_000)) {
      const renderer = plainRenderer()
      let text = start
      for (let edit = 0; edit < 25; edit += 1) {
        const at = Math.floor(next() * (text.length + 1))
        text =
          next() < 0.7
            ? text.slice(0, at) +
              (TYPED[Math.floor(next() * TYPED.length)] as string) +
              text.slice(at)
            : text.slice(0, at) + text.slice(at + 1 + Math.floor(next() * 3))
        expect(await renderer.render(text, ORIGIN), `${name}, edit ${edit}`).toEqual(
          wholeBlocks(text),
        )
        expect([...renderer.blockLines()], `${name}, edit ${edit}`).toEqual(wholeLines(text))
      }
    }
  }, 60_000)

  it('says on which lines of the note each block starts and ends', async () => {
    const renderer = plainRenderer()
    const note = '# Title\n\nOne\ntwo\n\n- a\n- b\n\n```ts\ncode\n```\n\n\n| a |\n| - |\n| 1 |\n'
    expect(await renderer.render(note, ORIGIN)).toHaveLength(5)
    expect([...renderer.blockLines()]).toEqual([1, 1, 3, 4, 6, 7, 9, 11, 14, 16])
    // A line typed above moves the places of the segments after it, which are not rendered again.
    await renderer.render(`Intro\nmore\n\n${note}`, ORIGIN)
    expect([...renderer.blockLines()]).toEqual([1, 2, 4, 4, 6, 7, 9, 10, 12, 14, 17, 19])
    // The footnotes section, made by the pipeline, has no place of its own.
    await renderer.render('Note[^1].\n\n[^1]: The footnote.\n', ORIGIN)
    expect([...renderer.blockLines()]).toEqual([1, 1, 0, 0])
  })

  it('numbers heading ids again when a heading with the same name comes before them', async () => {
    const renderer = plainRenderer()
    const note = '# Setup\n\ntext\n\n## Setup\n'
    expect((await renderer.render(note, ORIGIN)).join('')).toContain('id="user-content-setup-1"')
    const blocks = await renderer.render(`# Setup\n\nfirst\n\n${note}`, ORIGIN)
    const ids = blocks.join('').match(/id="user-content-[^"]*"/g)
    expect(ids).toEqual([
      'id="user-content-setup"',
      'id="user-content-setup-1"',
      'id="user-content-setup-2"',
    ])
  })

  it('parses again only the segment that changed', async () => {
    const renderer = plainRenderer()
    const note = benchDocument(20_000)
    const first = await renderer.render(note, ORIGIN)
    const middle = note.indexOf('Every device', note.length / 2)
    const second = await renderer.render(
      `${note.slice(0, middle)}Each${note.slice(middle + 'Every'.length)}`,
      ORIGIN,
    )
    // Unchanged blocks are the very strings of the last render, so the page compares them
    // for free (blockChange.ts), and exactly one differs.
    const differing = second.filter((block, index) => block !== first[index])
    expect(second).toHaveLength(first.length)
    expect(differing).toHaveLength(1)
    expect(differing[0]).toContain('Each device keeps')
  })

  it('renders every segment again once a grammar loads that colours more of them', async () => {
    // `sh` has no loader of its own here; loading bash teaches shiki its alias.
    const renderer = createPreviewRenderer({
      languages: { bash: bundledLanguages.bash },
      createHighlighter: createBrowserHighlighter,
    })
    const shell = '```sh\necho hi\n```\n\n'
    const plain = await renderer.render(`${shell}Prose.\n`, ORIGIN)
    expect(plain[0]).toContain('<code class="language-sh">')
    const coloured = await renderer.render(`${shell}\`\`\`bash\nls\n\`\`\`\n`, ORIGIN)
    expect(coloured[0]).toContain('class="shiki')
  }, 20_000)

  it('colours code in segments as the whole note would be coloured', async () => {
    const renderer = createPreviewRenderer({
      languages: { ts: bundledLanguages.ts, bash: bundledLanguages.bash },
      createHighlighter: createBrowserHighlighter,
    })
    const note = benchDocument(6_000)
    const shiki = await createBrowserHighlighter()
    await shiki.loadLanguage((await bundledLanguages.ts()).default)
    await shiki.loadLanguage((await bundledLanguages.bash()).default)
    const whole = splitHtmlBlocks(
      renderMarkdown(note, {
        siteOrigin: ORIGIN,
        autoDirection: true,
        headingsBelowLevel: PREVIEW_HEADINGS_BELOW_LEVEL,
        highlight: (code, lang) =>
          shiki.getLoadedLanguages().includes(lang) ? shikiBlock(shiki, code, lang) : null,
      }).html,
    )
    // The renderer has no such switch: its grammars get warm on other code first (every block
    // with a line more), so the note's own blocks are coloured in good time.
    await renderer.render(note.replace(/^(```\w+\n)/gm, '$1warm = 1\n'), ORIGIN)
    expect(await renderer.render(note, ORIGIN)).toEqual(whole)
  }, 20_000)
})
