/**
 * `npm run lighthouse`: Lighthouse (mobile settings, Debian chromium, offline) on the public
 * pages served gzipped with the CDN's headers, 5 runs each, median figures printed. Then the
 * Astro 7 peer (`../shared/peers`) builds the same post as the one audited, and its page is
 * audited the same way, served gzipped by the same server, so the post's LCP is printed beside
 * the peer's with the ratio (target ≤ 1.10), from one run on one machine. It reports; the targets
 * (100/100/100/100, LCP ≤ 1.0 s, CLS 0) are checked by eye and recorded in the README. Beside
 * TBT it prints hydration's longest task, which varies far less from run to run, and how fast
 * Lighthouse found the machine as each run began (its benchmark index).
 * Run after `npm run build`.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { readdirSync } from 'node:fs'
import { readHeaderSet } from '../build/securityHeaders.ts'
import { startStaticServer } from '../serve/staticServer.ts'
import { pageFileOf } from '../build/finishBuild.ts'
import { pageWeight } from '../size/pageWeight.ts'
import { buildPeerPost, postSlugOf } from './peerPost.ts'
import { measuringBrowserPath } from '../prerequisites/requirements.ts'
import { longestHydrationMs, type UserTiming } from './hydrationTimings.ts'
import { countFlag, portFlag, readCommandLine, readFlags } from '../cliFlags.ts'

const values = readCommandLine({
  usage: `Usage: npm run lighthouse -- [flags]   (after npm run build)
  --runs <n>         runs of each page, of which the median is printed (default 5)
  --pages <p,p>      the pages to audit (default /, /pricing, /blog and the first post)
  --dir <folder>     the built site (default dist)
  --no-peer          leave the Astro peer's post out (no LCP ratio)
  --port <n>         Folio's server port; the peer's takes the next (default: free ports)`,
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string' },
    dir: { type: 'string', default: 'dist' },
    'no-peer': { type: 'boolean', default: false },
    port: { type: 'string' },
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
  /** The longest of hydration's tasks as observed, before the 4× slowdown (NaN: none). */
  hydrationMs: number
  /**
   * Lighthouse's measure of how fast the machine was as the run began (lower is slower). On
   * this shared machine TBT rises as it slows; the index catches that only in part, since the
   * load can change during a run, but a table without it cannot be compared at all.
   */
  benchmarkIndex: number
}

const { runs, port } = readFlags(() => ({
  runs: countFlag('--runs', values.runs, 'how many runs to make of each page (5)'),
  // On a shared machine each engineer serves on their own ports; the peer's server takes the
  // one after this.
  port: values.port === undefined ? undefined : portFlag('--port', values.port, { max: 65_534 }),
}))
const pages = values.pages ? values.pages.split(',') : defaultPages(values.dir)

/**
 * A new browser, with a new empty profile, for every run: each run is a first visit. (Reusing
 * one browser keeps localStorage between runs, so later runs would measure a returning
 * visitor whose cache Lighthouse has just emptied.)
 */
function launchChrome() {
  return chromeLauncher.launch({
    chromePath: measuringBrowserPath(process.env),
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

/** Audits one page `runs` times and returns the median of each figure. */
async function audit(url: string): Promise<RunFigures & { unmeasured: number }> {
  const figures: RunFigures[] = []
  for (let run = 0; run < runs; run += 1) {
    const chrome = await launchChrome()
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
    }).finally(() => chrome.kill())
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
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
      hydrationMs: longestHydrationMs(
        (audits['user-timings']?.details as { items?: UserTiming[] } | undefined)?.items ?? [],
      ),
      benchmarkIndex: result.lhr.environment?.benchmarkIndex ?? Number.NaN,
    })
    if (showProgress) process.stdout.write('.')
  }
  if (showProgress) process.stdout.write('\r')
  const m = (key: keyof RunFigures) => median(figures.map((figure) => figure[key]))
  return {
    performance: m('performance'),
    accessibility: m('accessibility'),
    bestPractices: m('bestPractices'),
    seo: m('seo'),
    lcpMs: m('lcpMs'),
    cls: m('cls'),
    tbtMs: m('tbtMs'),
    hydrationMs: m('hydrationMs'),
    benchmarkIndex: m('benchmarkIndex'),
    unmeasured: figures.filter((figure) => !Number.isFinite(figure.lcpMs)).length,
  }
}

function printRow(label: string, figures: RunFigures & { unmeasured: number }): void {
  console.log(
    label.padEnd(PAGE_COLUMN),
    String(figures.performance).padStart(4),
    String(figures.accessibility).padStart(4),
    String(figures.bestPractices).padStart(4),
    String(figures.seo).padStart(3),
    `${(figures.lcpMs / 1000).toFixed(2)}s`.padStart(6),
    figures.cls.toFixed(3).padStart(6),
    `${Math.round(figures.tbtMs)}ms`.padStart(5),
    (Number.isFinite(figures.hydrationMs) ? `${figures.hydrationMs.toFixed(1)}ms` : '—').padStart(
      10,
    ),
    (Number.isFinite(figures.benchmarkIndex)
      ? String(Math.round(figures.benchmarkIndex))
      : '—'
    ).padStart(6),
    figures.unmeasured ? `  (${figures.unmeasured} of ${runs} runs reported no LCP)` : '',
  )
}

/** The Astro peer's copy of the post we audited, served and audited the same way. */
async function auditPeer(post: string, ours: RunFigures): Promise<void> {
  const slug = postSlugOf(post) as string
  const peer = await buildPeerPost(process.cwd(), slug)
  const { server, url } = await startStaticServer({
    root: peer.dist,
    gzip: true,
    port: port === undefined ? undefined : port + 1,
  })
  try {
    const theirs = await audit(`${url}${peer.page}`)
    printRow(`Astro 7 peer, same post`, theirs)
    console.log(
      `\npost LCP: Folio ${(ours.lcpMs / 1000).toFixed(2)} s, Astro ${(theirs.lcpMs / 1000).toFixed(2)} s, ratio ${(ours.lcpMs / theirs.lcpMs).toFixed(2)} (target ≤ 1.10)`,
    )
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`
    const ourWeight = await pageWeight(values.dir, pageFileOf(post))
    const theirWeight = await pageWeight(peer.dist, pageFileOf(peer.page))
    console.log(
      `post HTML + CSS: Folio ${kb(ourWeight.gzipBytes)} gzip, Astro ${kb(theirWeight.gzipBytes)} gzip, ratio ${(ourWeight.gzipBytes / theirWeight.gzipBytes).toFixed(2)} (target ≤ 1.50)`,
    )
  } finally {
    server.close()
    await peer.remove()
  }
}

const { server, url } = await startStaticServer({
  root: values.dir,
  port,
  gzip: true,
  headers: (await readHeaderSet(values.dir)).headers,
})
let auditedPost: { page: string; figures: RunFigures } | undefined
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
    'hydration*',
    'speed†',
  )
  for (const page of pages) {
    const figures = await audit(`${url}${page}`)
    printRow(page, figures)
    if (!auditedPost && postSlugOf(page)) auditedPost = { page, figures }
  }
  console.log(
    "\n* hydration: the longest of hydration's tasks as Lighthouse observed them, before its 4× CPU\n  slowdown (over 12.5 ms it counts towards TBT; docs/decisions/0032-hydration-in-turns.md)",
  )
  console.log(
    "† speed: Lighthouse's benchmark index of the machine as each run began (median; lower is\n  slower). Lighthouse times each task as it ran here, so TBT grows as the machine slows or\n  gets busier during a run, which the index catches only in part.",
  )
} finally {
  server.close()
}
if (values['no-peer']) {
  // Folio alone, as asked.
} else if (!auditedPost) {
  console.log('\nNo post among the pages audited: the Astro peer has nothing to compare with.')
} else {
  await auditPeer(auditedPost.page, auditedPost.figures)
}
