/**
 * The finishing thread, run for real: pages and payloads come back as FinishingSteps makes them
 * in-process, and what PageFinisher finds there (secrets, script hashes, link targets) reaches the
 * checks at the end.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FinishingSteps } from '../../../scripts/build/finishingSteps.ts'
import {
  FINISHING_OLD_GENERATION_MB,
  FINISHING_YOUNG_GENERATION_MB,
  FinishingThread,
  finishedBytes,
} from '../../../scripts/build/finishingThread.ts'
import { PackWriter } from '../../../scripts/content/renderCache.ts'
import { PROSE_IN_PAGE } from '../../../src/features/content/proseInPage.ts'

// What vite-react-ssg hands onPageRendered: a prose slot to fill, state in inline scripts.
const hydration = JSON.stringify(JSON.stringify({ loaderData: { root: null } }))
const rendered = (body: string) =>
  '<html><head><title>Hello</title><meta charset="UTF-8">' +
  '<link rel="stylesheet" crossorigin="" href="/assets/app-abc.css">' +
  '<script type="module" async="" crossorigin="" src="/assets/app.js"></script></head>' +
  `<body><div id="root">${body}<div class="prose" data-prose-slot="post:hello"></div></div>` +
  `<script>window.__staticRouterHydrationData = JSON.parse(${hydration});</script>` +
  "<script>window.__VITE_REACT_SSG_HASH__ = 'h1'</script></body></html>"

let distDir: string
let proseLocations: Map<string, string>
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'folio-finishing-'))
  await mkdir(join(distDir, 'assets'))
  await mkdir(join(distDir, '.vite'))
  await writeFile(join(distDir, 'assets', 'app-abc.css'), '.prose{color:red}')
  await writeFile(
    join(distDir, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/main.tsx': { file: 'assets/app.js', isEntry: true } }),
  )
  const pack = new PackWriter(join(distDir, 'render'), 1)
  const hello = await pack.append('<p>Hello, <a href="/pricing">world</a>.</p>')
  await pack.close()
  proseLocations = new Map([['post:hello', hello]])
})
afterAll(() => rm(distDir, { recursive: true, force: true }))

describe('FinishingThread', () => {
  it('finishes pages and payloads as the steps do in-process, and reports what they found', async () => {
    const thread = new FinishingThread(distDir, async () => proseLocations)
    const here = new FinishingSteps(distDir, proseLocations)
    // Characters UTF-8 writes in two, three and four bytes: the page comes back as its file's bytes.
    const page = rendered('<a href="/blog">Blog — café ✓ 𝄞</a>')
    // What the page's render used: an entry already linked, a lazy page module, a font.
    const used = ['/assets/app.js', '/assets/Post-1.js', '/fonts/inter.woff2']
    const bytes = await thread.page('/blog/hello', page, used)
    expect(bytes).toEqual(Buffer.from(await here.page('/blog/hello', page, used)))
    const html = bytes.toString('utf8')
    expect(html).toContain('Blog — café ✓ 𝄞')
    expect(html).toContain('<p>Hello, <a href="/pricing">world</a>.</p>')
    // Its modules go to the boot list (after the first paint), its font into the head.
    expect(html).toContain('"preload":["/assets/app.js","/assets/Post-1.js"]')
    expect(html).toContain(
      '<link rel="preload" as="font" type="font/woff2" href="/fonts/inter.woff2"',
    )
    expect(thread.linkTargetsOf('/blog/hello')).toEqual(here.pages.linkTargetsOf('/blog/hello'))

    const file = 'static-loader-data/blog/hello.h1.json'
    const data = { post: { slug: 'hello', title: 'Hé ✓', html: PROSE_IN_PAGE } }
    expect(await thread.payload(file, data)).toEqual(Buffer.from(await here.payload(file, data)))

    // A key on a page, and a page the cache wrote again.
    await thread.page('/about', rendered('<p>sk_live_0123456789abcdef</p>'), [])
    await thread.reused('/terms', {
      page: 'terms/index.html',
      loaderData: null,
      linkTargets: ['/about'],
      texts: { page: '<script>var reused=1</script>', loaderData: null },
    })
    const { findings, secrets } = await thread.finished()
    expect(findings.secrets).toEqual([
      { file: 'about/index.html', what: 'something shaped like a secret key (sk_live_…)' },
    ])
    expect([...findings.scanned].sort()).toEqual([
      'about/index.html',
      'blog/hello/index.html',
      file,
      'terms/index.html',
    ])
    expect(findings.scriptHashes.get('blog/hello/index.html')).toEqual(
      here.pages.findings.scriptHashes.get('blog/hello/index.html'),
    )
    expect(findings.scriptHashes.get('terms/index.html')).toHaveLength(1)
    expect(findings.linkTargets.get('terms/index.html')).toEqual(['/about'])
    expect(await secrets()).toEqual(await here.pages.secrets())
    await expect(thread.page('/late', page, [])).rejects.toThrow(/has ended/)
  })

  it("hands over a text's own memory, never a pool other buffers share", () => {
    // A short Buffer.from() lies in Node's shared pool: transferring that would take the pool.
    for (const text of ['', 'a', 'café ✓', 'x'.repeat(10_000)]) {
      const { bytes, transfer } = finishedBytes(text)
      expect(Buffer.from(bytes).toString('utf8')).toBe(text)
      expect(bytes.byteOffset).toBe(0)
      expect(transfer).toBe(bytes.buffer)
      expect(transfer.byteLength).toBe(Buffer.byteLength(text))
    }
  })

  it('runs with a bounded heap, so its garbage does not raise the build past its peak', async () => {
    const thread = new FinishingThread(distDir, async () => proseLocations)
    const limits = (await thread.start()).resourceLimits
    expect(limits?.maxOldGenerationSizeMb).toBe(FINISHING_OLD_GENERATION_MB)
    expect(limits?.maxYoungGenerationSizeMb).toBe(FINISHING_YOUNG_GENERATION_MB)
    await thread.finished()
  })

  it('fails the page whose finishing fails, with the reason', async () => {
    const thread = new FinishingThread(distDir, async () => new Map())
    await expect(thread.page('/blog/hello', rendered(''), [])).rejects.toThrow(
      'No rendered document for prose slot "post:hello"',
    )
    await thread.finished()
  })
})
