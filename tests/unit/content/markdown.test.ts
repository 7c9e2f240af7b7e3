import { createHighlighter } from 'shiki'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { SHIKI_THEMES } from '../../../src/features/content/themes.ts'
import { printedBlock, shikiBlock } from './shikiBlock.ts'
import { countWords } from '../../../src/features/content/countWords.ts'
import { renderMarkdown } from '../../../src/features/content/pipeline.ts'
import type { CodeHighlighter } from '../../../src/features/content/pipeline.ts'
import { readingMinutes } from '../../../src/features/content/readingTime.ts'
import { findHashTarget } from '../../../src/app/scrollBehavior.ts'
import {
  MEMO_LIMIT,
  createCodeHighlighter,
  languagesIn,
} from '../../../scripts/content/highlighter.ts'

/** Inputs that try to get script, frames or handlers into the page. */
const hostile = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<iframe src="https://evil.example"></iframe>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](  javascript:alert(1))',
  '[click](java&#x09;script:alert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name="password"></form>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<details open ontoggle="alert(1)">x</details>',
  '[x](https://ok.example "title" onmouseover=alert(1))',
  '<p id="root">clobber</p><a id="location" name="location">x</a>',
  // Code the highlighter writes into the page as HTML of its own making.
  '```ts\n</code></pre><script>alert(1)</script><img src=x onerror=alert(1)>\n```',
  '```ts" onmouseover="alert(1)\n<script>alert(1)</script>\n```',
]

describe('the markdown pipeline refuses hostile input', () => {
  let highlight: CodeHighlighter
  beforeAll(async () => {
    highlight = await createCodeHighlighter(['ts'])
  })

  for (const input of hostile) {
    it(`renders inert, with and without highlighting: ${input.slice(0, 60)}`, () => {
      for (const options of [{}, { highlight }]) {
        const { html } = renderMarkdown(`Before\n\n${input}\n\nAfter`, options)
        const markup = html.replace(/<pre class="shiki[^"]*" style="[^"]*"/g, '<pre')
        expect(markup).not.toMatch(/<(script|iframe|object|embed|form|input|meta|base|link|style|svg|math)\b/i)
        expect(markup).not.toMatch(/<[^>]*\son[a-z]+\s*=/i)
        expect(markup).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data):/i)
        expect(markup.replace(/<span style="(--shiki-[\w-]+:[#\w]+;?)+">/g, '<span>')).not.toMatch(
          /<[^>]*\sstyle\s*=/i,
        )
        expect(markup).not.toMatch(/\sid="(root|location)"/)
        expect(markup).toContain('After')
      }
    })
  }
})

// GFM pads a short row with empty cells up to the header's width, so a wide header over many
// one-cell rows is a few kilobytes of markdown and millions of cells of HTML: a note imported
// from anywhere could hold the preview and the tab for minutes. GitHub's own renderer stops a
// table once it has added 0x80000 such cells (cmark-gfm extensions/table.c,
// MAX_AUTOCOMPLETED_CELLS in try_opening_table_row) and reads the lines after as a paragraph.
describe('the markdown pipeline holds a table to the empty cells GitHub adds', () => {
  const header = (columns: number) =>
    ['|' + ' h |'.repeat(columns), '|' + '---|'.repeat(columns)].join('\n')

  it('ends a table whose short rows have been given more than 524,288 cells; the rest is text', () => {
    // Each row of one cell is given 999 more; after 525 rows the table has been given 524,475.
    const rows = Array.from({ length: 600 }, (_, index) => `row ${index + 1}`)
    const { html } = renderMarkdown(`${header(1000)}\n${rows.join('\n')}\n\nAfter`)
    expect(html.match(/<tr>/g)).toHaveLength(1 + 525)
    expect(html.match(/<td><\/td>/g)).toHaveLength(525 * 999)
    expect(html).toContain('<td>row 525</td>')
    expect(html).not.toContain('<td>row 526</td>')
    expect(html).toMatch(/<\/table>\s*<p>row 526\nrow 527\n[^<]*row 600<\/p>\s*<p>After<\/p>/)
  })

  it('ends such a table inside a quote inside a list as well', () => {
    const rows = Array.from({ length: 600 }, (_, index) => `row ${index + 1}`)
    const quoted = `${header(1000)}\n${rows.join('\n')}`.replaceAll(/^/gm, '  > ')
    const { html } = renderMarkdown(`- item\n\n${quoted}`)
    expect(html.match(/<tr>/g)).toHaveLength(1 + 525)
    expect(html).toMatch(/<\/table>\s*<p>row 526\n/)
  })

  it('keeps a ragged table that stays within that whole, every row padded', () => {
    const rows = Array.from({ length: 500 }, (_, index) => `row ${index + 1}`)
    const { html } = renderMarkdown(`${header(1000)}\n${rows.join('\n')}`)
    expect(html.match(/<tr>/g)).toHaveLength(501)
    expect(html.match(/<td><\/td>/g)).toHaveLength(500 * 999)
  })
})

describe('the markdown pipeline', () => {
  let highlight: CodeHighlighter
  beforeAll(async () => {
    highlight = await createCodeHighlighter(['ts', 'bash'])
  })

  it('gives headings unique ids and anchor links, and lists them', () => {
    const { html, headings } = renderMarkdown('# Setup\n\n## Install\n\n## Install\n\n### Café & “quotes”')
    expect(headings).toEqual([
      { depth: 1, id: 'setup', text: 'Setup' },
      { depth: 2, id: 'install', text: 'Install' },
      { depth: 2, id: 'install-1', text: 'Install' },
      { depth: 3, id: 'café-quotes', text: 'Café & “quotes”' },
    ])
    expect(html).toContain(
      '<h2 id="user-content-install-1">Install<a class="heading-anchor" href="#install-1"',
    )
  })

  // The page's own elements (the boot script, the state script, the React root) are found by
  // id; a heading that slugs to one of those ids would come first in the document and win.
  it.each(['Folio boot', 'Folio SSG state', 'Root', 'Auth title', 'Main'])(
    'gives the heading %j an id no page element can have',
    (heading) => {
      const { html } = renderMarkdown(`# ${heading}\n\n[back](#top) and a note[^1]\n\n[^1]: Footnote.`)
      const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1])
      expect(ids.length).toBeGreaterThan(0)
      for (const id of ids) expect(id).toMatch(/^user-content-/)
      expect(html).not.toMatch(/id="(folio-boot|folio-ssg-state|root|auth-title|main)"/)
    },
  )

  it('marks external links noopener noreferrer, and leaves our own alone', () => {
    const { html } = renderMarkdown(
      '[a](https://github.com/x) [b](/pricing) [c](https://folio.example/blog) [d](mailto:x@y.z)',
      { siteOrigin: 'https://folio.example' },
    )
    expect(html).toContain('<a href="https://github.com/x" rel="noopener noreferrer">a</a>')
    expect(html).toContain('<a href="/pricing">b</a>')
    expect(html).toContain('<a href="https://folio.example/blog">c</a>')
    expect(html).toContain('<a href="mailto:x@y.z">d</a>')
  })

  it.each([
    'https://folio.example.evil.example/x',
    'https://folio.example@evil.example/x',
    'https://folio.example:8443/x',
    'https://FOLIO.EXAMPLE.evil.example/',
  ])('takes %s, which only starts like our address, for another site', (href) => {
    const { html } = renderMarkdown(`[x](${href})`, { siteOrigin: 'https://folio.example' })
    expect(html).toContain('rel="noopener noreferrer"')
  })

  it('highlights code with both themes as CSS variables, and escapes it', () => {
    const { html } = renderMarkdown('```ts\nconst tag = "<script>" as const\n```', { highlight })
    expect(html).toMatch(/<pre class="shiki[^"]*"[^>]*data-language="ts"/)
    expect(html).toContain('--shiki-light:')
    expect(html).toContain('--shiki-dark:')
    expect(html).toContain('&#x3C;script>')
    expect(html).not.toContain('<script>')
  })

  it('keeps unknown languages and plain fences as escaped code', () => {
    const { html } = renderMarkdown('```nosuchlang\n<b>x</b>\n```\n\n```\nplain\n```', { highlight })
    expect(html).toContain(
      '<pre tabindex="0"><code class="language-nosuchlang">&#x3C;b>x&#x3C;/b>\n</code></pre>',
    )
    expect(html).toContain('<pre tabindex="0"><code>plain\n</code></pre>')
  })

  it('renders GitHub-flavoured tables and task lists', () => {
    const { html } = renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo')
    expect(html).toContain('<table>')
    expect(html).toMatch(/<input type="checkbox" checked disabled aria-label="Done">/)
    expect(html).toMatch(/<input type="checkbox" disabled aria-label="Not done">/)
  })

  it('renders the rest of GitHub-flavoured markdown: strikethrough, bare links, footnotes', () => {
    const { html } = renderMarkdown('~~gone~~ at www.example.com, see[^1].\n\n[^1]: The note.')
    expect(html).toContain('<del>gone</del>')
    expect(html).toMatch(/<a href="http:\/\/www\.example\.com"[^>]*>www\.example\.com<\/a>/)
    expect(html).toMatch(/<sup><a href="#fn-1"[^>]*>1<\/a><\/sup>/)
    expect(html).toMatch(/<section[^>]*class="footnotes"/)
  })

  it('links a footnote and its reference both ways, to ids the page finds', () => {
    const { html, headings } = renderMarkdown(
      '## Footnotes\n\nA claim[^source], and another[^2].\n\n[^source]: Where it comes from.\n\n[^2]: Two.',
    )
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]))
    const page = {
      getElementById: (id: string) => (ids.has(id) ? ({ id } as unknown as HTMLElement) : null),
    }
    const targets = [...html.matchAll(/<a href="#([^"]+)"[^>]*data-footnote/g)].map((m) => m[1])
    // The references, then the ways back, by the short names the anchors of headings use too.
    expect(targets).toEqual(['fn-source', 'fn-2', 'fnref-source', 'fnref-2'])
    for (const target of targets) expect(findHashTarget(target as string, page)).not.toBeNull()
    // Screen readers name each reference by the section's label.
    const describedBy = [...html.matchAll(/aria-describedby="([^"]+)"/g)].map((m) => m[1])
    expect(describedBy).toHaveLength(2)
    for (const id of describedBy) expect(ids.has(id)).toBe(true)
    // The label is the section's, not a heading of the text: the writer's own "Footnotes" keeps
    // its slug, and the outline lists only it.
    expect(headings).toEqual([{ depth: 2, id: 'footnotes', text: 'Footnotes' }])
    expect(html).toContain('<h2 id="user-content-footnotes">Footnotes<a class="heading-anchor"')
  })

  it('counts prose words, not code, for the reading time', () => {
    const prose = Array.from({ length: 440 }, () => 'word').join(' ')
    const { words } = renderMarkdown(`${prose}\n\n\`\`\`ts\n${'const x = 1\n'.repeat(500)}\`\`\``, {
      countWords,
    })
    expect(words).toBe(440)
    expect(readingMinutes(words)).toBe(2)
    expect(readingMinutes(3)).toBe(1)
  })

  it('counts the words a reader reads: not heading anchors, not words split by emphasis', () => {
    const { words } = renderMarkdown(
      '# Title here\n\n## Second\n\nOne **tw**o three, see `code` and [a link](https://example.com).\n\n- item one\n- item two',
      { countWords },
    )
    // Title here · Second · One two three see and a link · item one · item two
    expect(words).toBe(14)
    expect(renderMarkdown('これは日本語の文章です。', { countWords }).words).toBeGreaterThan(1)
    // Not asked, not counted (the dashboard preview shows no count).
    expect(renderMarkdown('Some words.')).not.toHaveProperty('words')
  })

  it('finds the fence languages shiki knows', () => {
    expect(languagesIn(['```ts\nx\n```\n~~~ bash\ny\n~~~', '```TS\n```\n```nosuchlang\n```'])).toEqual([
      'bash',
      'ts',
    ])
  })
})

describe('the build highlighter', () => {
  it('highlights a repeated block once, and forgets old blocks instead of keeping them all', async () => {
    const highlight = await createCodeHighlighter(['ts'])
    const first = highlight('const answer = 42', 'ts')
    expect(first).not.toBeNull()
    expect(highlight('const answer = 42', 'ts')).toBe(first)
    for (let n = 0; n < MEMO_LIMIT; n += 1) highlight(`const value${n} = ${n}`, 'ts')
    const again = highlight('const answer = 42', 'ts')
    expect(again).not.toBe(first)
    expect(again).toEqual(first)
  })

  // Two highlighters compile the TypeScript grammar: slow on a busy machine.
  it('highlights every token of a line however busy the machine is', async () => {
    const code = 'interface Job { id: string }\nexport const run = async (job: Job) => `/api/${job.id}`'
    const reference = await createHighlighter({ themes: Object.values(SHIKI_THEMES), langs: ['ts'] })
    const expected = printedBlock(shikiBlock(reference, code, 'ts'))
    const highlight = await createCodeHighlighter(['ts'])
    // Every clock reading a second later than the last: as a loaded machine (or a first,
    // grammar-compiling line) looks to shiki's per-line time limit.
    let now = Date.now()
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000))
    try {
      expect(highlight(code, 'ts')).toEqual(expected)
    } finally {
      vi.restoreAllMocks()
    }
  }, 30_000)
})
