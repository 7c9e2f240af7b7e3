import { randomBytes } from 'node:crypto'
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageWeightBudgetFor, pageWeightBudgets } from '../../../scripts/size/budgets.ts'
import { measureRoutes, problemsOf, type RouteReport } from '../../../scripts/size/main.ts'
import { pageWeight } from '../../../scripts/size/pageWeight.ts'
import { CHUNK_PACKAGES_FILE } from '../../../scripts/vite/chunkPackagesPlugin.ts'

const gzip = (text: string) => gzipSync(text, { level: 9 }).length
const boot = (entry: string) =>
  `<script type="application/json" id="folio-boot">{"entry":"${entry}","preload":[]}</script>`
const postBudget = pageWeightBudgetFor('/blog/a-post').maxGzipBytes

/** Text gzip cannot shrink below three quarters of its length (random bytes, base64). */
const incompressible = (bytes: number) => randomBytes(bytes).toString('base64')

let distDir: string
const css = '.prose{line-height:1.7}'.repeat(20)
const disabledLinkPage = `<html><head><link rel="stylesheet" href="/assets/page.css" disabled></head><body>${boot('/assets/app.js')}</body></html>`
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'folio-size-'))
  await mkdir(join(distDir, 'assets'))
  await mkdir(join(distDir, '.vite'))
  await mkdir(join(distDir, 'blog', 'light'), { recursive: true })
  await mkdir(join(distDir, 'blog', 'heavy'), { recursive: true })
  await mkdir(join(distDir, 'linked'), { recursive: true })
  await writeFile(join(distDir, CHUNK_PACKAGES_FILE), '{}')
  await writeFile(join(distDir, 'assets', 'app.js'), 'export{}')
  await writeFile(join(distDir, 'assets', 'page.css'), css)
  await writeFile(
    join(distDir, 'blog', 'light', 'index.html'),
    `<html><head><style>${css}</style><template data-stylesheet="/assets/page.css"></template></head><body><p>Short.</p>${boot('/assets/app.js')}</body></html>`,
  )
  // A post stuffed past its budget, as a page that inlined the whole site's CSS would be.
  await writeFile(
    join(distDir, 'blog', 'heavy', 'index.html'),
    `<html><head><style>${incompressible(postBudget + 2048)}</style></head><body>${boot('/assets/app.js')}</body></html>`,
  )
  await mkdir(join(distDir, 'disabled'), { recursive: true })
  await writeFile(join(distDir, 'disabled', 'index.html'), disabledLinkPage)
  await writeFile(
    join(distDir, 'linked', 'index.html'),
    `<html><head><link rel="stylesheet" href="/assets/page.css"></head><body>${boot('/assets/app.js')}</body></html>`,
  )
})
afterAll(() => rm(distDir, { recursive: true, force: true }))

describe('pageWeight', () => {
  it('counts a linked stylesheet, which the visitor downloads before the first paint', async () => {
    const weight = await pageWeight(distDir, 'linked/index.html')
    expect(weight.gzipBytes).toBeGreaterThanOrEqual(gzip(css))
  })

  it('counts a disabled stylesheet link too: the preload scanner fetches it all the same', async () => {
    const weight = await pageWeight(distDir, 'disabled/index.html')
    expect(weight.gzipBytes).toBe(gzip(disabledLinkPage) + gzip(css))
  })

  it('does not count the marker an inlined stylesheet leaves (never fetched before the first paint)', async () => {
    const html = `<html><head><style>${css}</style><template data-stylesheet="/assets/page.css"></template></head><body><p>Short.</p>${boot('/assets/app.js')}</body></html>`
    expect((await pageWeight(distDir, 'blog/light/index.html')).gzipBytes).toBe(gzip(html))
  })
})

describe('page weight budgets', () => {
  it('gives every post the post budget, and other pages theirs', () => {
    expect(pageWeightBudgetFor('/blog/writing-runbooks-that-work').route).toBe('/blog/:slug')
    expect(pageWeightBudgetFor('/blog').route).toBe('*')
    expect(pageWeightBudgetFor('/blog/a/b').route).toBe('*')
    expect(pageWeightBudgetFor('/dashboard').route).toBe('/dashboard')
    for (const budget of pageWeightBudgets) expect(budget.maxGzipBytes).toBeGreaterThan(0)
  })
})

describe('npm run size', () => {
  it('weighs each page with its HTML and CSS and fails the one over its budget', async () => {
    const reports = await measureRoutes(distDir)
    const byRoute = new Map(reports.map((report) => [report.route, report]))
    const light = byRoute.get('/blog/light') as RouteReport
    const heavy = byRoute.get('/blog/heavy') as RouteReport
    expect(light.pageBudgetBytes).toBe(postBudget)
    expect(problemsOf(light)).toEqual([])
    expect(heavy.pageGzipBytes).toBeGreaterThan(postBudget)
    expect(problemsOf(heavy)).toEqual(['HTML + CSS over budget'])
  })

  it('names each first-load script with its size, for `--route`', async () => {
    const light = (await measureRoutes(distDir)).find((report) => report.route === '/blog/light')
    expect(light?.scripts).toEqual([{ src: '/assets/app.js', gzipBytes: gzip('export{}') }])
    expect(light?.gzipBytes).toBe(gzip('export{}'))
  })

  it('still fails a route over its JavaScript budget or shipping a forbidden package', () => {
    const report: RouteReport = {
      route: '/',
      gzipBytes: 90_000,
      scripts: [{ src: '/assets/app.js', gzipBytes: 90_000 }],
      budgetBytes: 80_000,
      forbidden: ['@supabase/supabase-js'],
      pageGzipBytes: 1000,
      pageBudgetBytes: 2000,
    }
    expect(problemsOf(report)).toEqual(['JavaScript over budget', 'ships @supabase/supabase-js'])
  })
})
