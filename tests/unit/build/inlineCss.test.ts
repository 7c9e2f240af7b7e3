import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inlineStylesheets } from '../../../scripts/build/inlineCss.ts'

// The head vite-react-ssg writes: the entry stylesheet from index.html, then one link per CSS
// file of the chunks the page rendered; a body every rule of those stylesheets can style,
// unless the test gives another.
const head = (files: string[], body = '<div class="site prose a"></div>') =>
  '<html><head><link rel="stylesheet" crossorigin="" href="/assets/app-abc.css">' +
  files.map((file) => `<link rel="stylesheet" href="/assets/${file}" crossorigin="">`).join('') +
  `</head><body>${body}</body></html>`

let distDir: string
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'folio-inline-css-'))
  await mkdir(join(distDir, 'assets'))
  await writeFile(join(distDir, 'assets', 'app-abc.css'), '.site{color:red}')
  await writeFile(join(distDir, 'assets', 'content-def.css'), '.prose{line-height:1.7}')
  await writeFile(join(distDir, 'assets', 'app-tokens.css'), ':root{--accent:#4338ca;--danger:red}')
  await writeFile(join(distDir, 'assets', 'prose-jkl.css'), '.prose a{color:var(--accent)}')
  await writeFile(join(distDir, 'assets', 'odd-ghi.css'), '.a::after{content:"$& $1 </style>"}')
})
afterAll(() => rm(distDir, { recursive: true, force: true }))

describe('inlineStylesheets', () => {
  it("inlines the entry and each chunk's stylesheet, in the order the page linked them", async () => {
    const html = await inlineStylesheets(head(['content-def.css']), distDir, new Map())
    expect(html).not.toMatch(/<link rel="stylesheet"[^>]*crossorigin/)
    const site = html.indexOf('<style>.site{color:red}</style>')
    const prose = html.indexOf('<style>.prose{line-height:1.7}</style>')
    expect(site).toBeGreaterThan(-1)
    expect(prose).toBeGreaterThan(site)
  })

  it('leaves a marker for a chunk stylesheet, so the client never loads it again', async () => {
    const html = await inlineStylesheets(head(['content-def.css']), distDir, new Map())
    expect(html).toContain(
      '<style>.prose{line-height:1.7}</style><template data-stylesheet="/assets/content-def.css"></template>',
    )
    // The entry's too: a lazy chunk importing from the entry chunk lists its stylesheet.
    expect(html).toContain(
      '<style>.site{color:red}</style><template data-stylesheet="/assets/app-abc.css"></template>',
    )
    // No stylesheet link at all, not even a disabled one: Chromium's preload scanner fetches
    // those while the page parses.
    expect(html).not.toContain('<link')
  })

  it('inlines only the rules that can style the page, and loads the full sheets after first paint', async () => {
    const html = await inlineStylesheets(
      head(['content-def.css'], '<p class="site">No prose here.</p>'),
      distDir,
      new Map(),
    )
    // The entry's one rule styles the page: inlined whole, nothing to load later.
    expect(html).toContain(
      '<head><style>.site{color:red}</style><template data-stylesheet="/assets/app-abc.css"></template><template',
    )
    // Nothing of the content sheet can: no <style> for it, the full sheet after the first paint.
    expect(html).toContain(
      '</template><template data-stylesheet="/assets/content-def.css" data-after-paint></template></head>',
    )
    expect(html).not.toContain('<style>.prose')
  })

  it('keeps the tokens a chunk stylesheet reads, and drops those no stylesheet of the page reads', async () => {
    const page =
      '<html><head><link rel="stylesheet" crossorigin="" href="/assets/app-tokens.css">' +
      '<link rel="stylesheet" href="/assets/prose-jkl.css" crossorigin=""></head>' +
      '<body><div class="prose"><a href="/">Home</a></div></body></html>'
    const html = await inlineStylesheets(page, distDir, new Map())
    expect(html).toContain('<style>:root{--accent:#4338ca}</style>')
    expect(html).toContain('<style>.prose a{color:var(--accent)}</style>')
  })

  it('keeps CSS text as written, and cannot be closed early by it', async () => {
    const html = await inlineStylesheets(head(['odd-ghi.css']), distDir, new Map())
    expect(html).toContain('<style>.a::after{content:"$& $1 <\\/style>"}</style>')
  })
})
