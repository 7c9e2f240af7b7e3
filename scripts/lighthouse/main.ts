/**
 * `npm run lighthouse`: Lighthouse (mobile settings, Debian chromium, offline) on the public
 * pages served gzipped with the CDN's headers, 5 runs each, median figures printed. It reports;
 * the targets (100/100/100/100, LCP ≤ 1.0 s, CLS 0) are checked by eye and recorded in the README.
 * Flags: --runs N, --pages /,/pricing. Run after `npm run build`.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { readdirSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { readHeaderSet } from '../build/securityHeaders.ts'
import { startStaticServer } from '../serve/staticServer.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string' },
    dir: { type: 'string', default: 'dist' },
  },
})

function defaultPages(distDir: string): string[] {
  const posts = readdirSync(`${distDir}/blog`, { withFileTypes: true }).filter((entry) =>
    entry.isDirectory(),
  )
  return ['/', '/pricing', '/blog', ...(posts[0] ? [`/blog/${posts[0].name}`] : [])]
}

/** The median of the runs that measured a figure (Lighthouse now and then reports no LCP). */
const median = (numbers: number[]) => {
  const sorted = numbers.filter(Number.isFinite).sort((a, b) => a - b)
  return sorted.length ? (sorted[Math.floor(sorted.length / 2)] as number) : Number.NaN
}
const PAGE_COLUMN = 46
// Progress dots only on a terminal: in a log the carriage return would not hide them.
const showProgress = process.stdout.isTTY

interface RunFigures {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  cls: number
  tbtMs: number
}

const pages = values.pages ? values.pages.split(',') : defaultPages(values.dir)
const runs = Number(values.runs)
const { server, url } = await startStaticServer({
  root: values.dir,
  gzip: true,
  headers: (await readHeaderSet(values.dir)).headers,
})
/**
 * A new browser, with a new empty profile, for every run: each run is a first visit. (Reusing
 * one browser keeps localStorage between runs, so later runs would measure a returning
 * visitor whose cache Lighthouse has just emptied.)
 */
function launchChrome() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

try {
  console.log(
    `Lighthouse, mobile, ${runs} runs per page, median figures (server ${url}, gzip, CDN headers)\n`,
  )
  console.log(
    'page'.padEnd(PAGE_COLUMN),
    'perf',
    'a11y',
    'best',
    'seo',
    '   LCP',
    '   CLS',
    '  TBT',
  )
  for (const page of pages) {
    const figures: RunFigures[] = []
    for (let run = 0; run < runs; run += 1) {
      const chrome = await launchChrome()
      const result = await lighthouse(`${url}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
      }).finally(() => chrome.kill())
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`)
      const { categories, audits } = result.lhr
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
      figures.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      })
      if (showProgress) process.stdout.write('.')
    }
    const m = (key: keyof RunFigures) => median(figures.map((figure) => figure[key]))
    if (showProgress) process.stdout.write('\r')
    const unmeasured = figures.filter((figure) => !Number.isFinite(figure.lcpMs)).length
    console.log(
      page.padEnd(PAGE_COLUMN),
      String(m('performance')).padStart(4),
      String(m('accessibility')).padStart(4),
      String(m('bestPractices')).padStart(4),
      String(m('seo')).padStart(3),
      `${(m('lcpMs') / 1000).toFixed(2)}s`.padStart(6),
      m('cls').toFixed(3).padStart(6),
      `${Math.round(m('tbtMs'))}ms`.padStart(5),
      unmeasured ? `  (${unmeasured} of ${runs} runs reported no LCP)` : '',
    )
  }
} finally {
  server.close()
}
