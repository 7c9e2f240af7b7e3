/**
 * `npm run bench`: builds the whole site with N generated posts (N = 100 and 1,000 by default)
 * and prints wall time, ms per post and the build process's peak memory, beside the Astro 7
 * peer building the very same posts in the same run (cold builds alternating, median of
 * --runs), with the ratio and the weight of one post page in each. Each size is built cold
 * (empty caches, no earlier output, as the peer), and the largest --runs times more warm (the
 * same inputs again: bundles, posts and pages cached, the last output in place; median), then
 * --runs times after one post was edited. Nothing in dist/ or .cache/ is touched: content,
 * caches and output live in a temporary folder.
 */
import { spawn } from 'node:child_process'
import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildPeer, median, peerAvailable, peerScript, type PeerRun } from './astroPeer.ts'
import { POST_KINDS, type PostKind } from './generatePosts.ts'
import { pageWeight } from '../size/pageWeight.ts'
import { npmScriptEnv } from './npmScriptEnv.ts'
import { choiceFlag, countFlag, countsFlag, readCommandLine, readFlags } from '../cliFlags.ts'

const KINDS = Object.keys(POST_KINDS) as PostKind[]
const values = readCommandLine({
  usage: `Usage: npm run bench -- [flags]
  --sizes <n,n>   numbers of posts to build, separated by commas (default 100,1000)
  --runs <n>      how many builds of each kind to time (default 3)
  --kind <kind>   the posts generated: ${KINDS.join(', ')} (default standard)
  --no-peer       leave the Astro peer out (no ratios)`,
  options: {
    sizes: { type: 'string', default: '100,1000' },
    runs: { type: 'string', default: '3' },
    kind: { type: 'string', default: 'standard' },
    'no-peer': { type: 'boolean', default: false },
  },
})
const { sizes, runs, kind } = readFlags(() => ({
  sizes: countsFlag('--sizes', values.sizes, 'numbers of posts separated by commas (100,1000)'),
  runs: countFlag('--runs', values.runs, 'how many builds of each kind to time (3)'),
  kind: choiceFlag('--kind', values.kind, KINDS),
}))
const VITE_REACT_SSG = path.resolve('node_modules/vite-react-ssg/bin/vite-react-ssg.js')
// What `npm run build` sets (production React, the bundler's allocator settings).
const BUILD_ENV = npmScriptEnv(
  (JSON.parse(await readFile('package.json', 'utf8')) as { scripts: { build: string } }).scripts
    .build,
)

interface Run {
  seconds: number
  peakMb: number
}

/** Peak RSS of a process (and its threads), read from /proc while it runs. */
async function peakRssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0)
}

function build(env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, [VITE_REACT_SSG, 'build'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let peak = 0
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setInterval(() => {
      void peakRssKb(child.pid as number).then((kb) => (peak = Math.max(peak, kb)))
    }, 50)
    child.on('exit', (code) => {
      clearInterval(timer)
      if (code !== 0) return reject(new Error(`build failed (${code}):\n${stderr.slice(-2000)}`))
      resolve({ seconds: (performance.now() - started) / 1000, peakMb: peak / 1024 })
    })
  })
}

async function contentWithPosts(root: string, count: number, kind: PostKind): Promise<string> {
  const dir = path.join(root, `content-${count}`)
  // The site's own posts come along: its pages link to them, and the link check fails a build
  // with a link that leads nowhere. The peer builds them too, so both build the same posts.
  await cp('content/blog', path.join(dir, 'blog'), { recursive: true })
  await cp('content/pages', path.join(dir, 'pages'), { recursive: true })
  await cp('content/changelog', path.join(dir, 'changelog'), { recursive: true })
  await Promise.all(
    Array.from({ length: count }, (_, n) =>
      writeFile(path.join(dir, 'blog', `bench-post-${n}.md`), POST_KINDS[kind](n)),
    ),
  )
  return dir
}

/** One line for a set of builds: the median time, the highest peak, and each build's time. */
function report(label: string, count: number, builds: Run[]): Run {
  const run = {
    seconds: median(builds.map((build) => build.seconds)),
    peakMb: Math.max(...builds.map((build) => build.peakMb)),
  }
  const each =
    builds.length > 1 ? `   (runs: ${builds.map((b) => b.seconds.toFixed(1)).join(', ')} s)` : ''
  console.log(
    `${label.padEnd(22)} ${run.seconds.toFixed(1).padStart(6)} s ${((run.seconds * 1000) / count).toFixed(1).padStart(7)} ms/post ${run.peakMb.toFixed(0).padStart(6)} MB peak${each}`,
  )
  return run
}

const root = await mkdtemp(path.join(tmpdir(), 'folio-bench-'))
const peer = peerScript(process.cwd())
const withPeer = !values['no-peer']
if (withPeer && !peerAvailable(peer)) {
  console.error(
    `The Astro peer is not at ${peer}: set FOLIO_PEERS_DIR to the folder holding astro-build.sh, or pass --no-peer to time Folio alone.`,
  )
  process.exit(1)
}
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`
/**
 * What is being built now, on one line a terminal overwrites (each size takes minutes, and the
 * results print only once its builds are done); nothing in a log, where it would not be hidden.
 */
let lastProgress = ''
function progress(text: string): void {
  if (!process.stdout.isTTY) return
  process.stdout.write(`${text}…`.padEnd(lastProgress.length + 1) + '\r')
  lastProgress = `${text}…`
}
function clearProgress(): void {
  if (!process.stdout.isTTY || !lastProgress) return
  process.stdout.write(`${' '.repeat(lastProgress.length + 1)}\r`)
  lastProgress = ''
}
try {
  console.log(
    `Site build with N generated posts (${kind} posts), cold builds alternating with the Astro peer, median of ${runs}, in ${root}\n`,
  )
  for (const [index, count] of sizes.entries()) {
    progress(`generating ${count} posts`)
    const contentDir = await contentWithPosts(root, count, kind)
    const outDir = path.join(root, `dist-${count}`)
    const envFor = (run: number) => ({
      FOLIO_CONTENT_DIR: contentDir,
      FOLIO_CACHE_DIR: path.join(root, `cache-${count}-${run}`),
      FOLIO_OUT_DIR: outDir,
      ...BUILD_ENV,
    })
    const folio: Run[] = []
    const astro: PeerRun[] = []
    for (let run = 0; run < runs; run += 1) {
      // The peer's script removes its last output before its timer starts: so does this one, so
      // neither cold build spends its time deleting the run before's thousands of files.
      await rm(outDir, { recursive: true, force: true })
      progress(`N=${count}: Folio's cold build ${run + 1} of ${runs}`)
      folio.push(await build(envFor(run)))
      if (withPeer) {
        progress(`N=${count}: Astro's cold build ${run + 1} of ${runs}`)
        astro.push(await buildPeer(peer, path.join(contentDir, 'blog')))
      }
    }
    clearProgress()
    const folioCold = report(`Folio N=${count}, cold`, count, folio)
    const astroCold = withPeer ? report(`Astro N=${count}, cold`, count, astro) : null
    if (astroCold) {
      console.log(
        `${'ratio Folio / Astro'.padEnd(22)} ${(folioCold.seconds / astroCold.seconds).toFixed(2).padStart(6)}   (target ≤ 0.80)`,
      )
      const page = `blog/bench-post-0/index.html`
      const ours = await pageWeight(outDir, page)
      const theirs = await pageWeight(astro.at(-1)!.dist, page)
      console.log(
        `${'post page HTML+CSS'.padEnd(22)} Folio ${kb(ours.gzipBytes)} gzip (${kb(ours.htmlBytes)}), Astro ${kb(theirs.gzipBytes)} gzip (${kb(theirs.htmlBytes)}), ratio ${(ours.gzipBytes / theirs.gzipBytes).toFixed(2)} (target ≤ 1.50)`,
      )
    }
    if (index === sizes.length - 1) {
      // Each a rebuild of the last cold run's inputs, into its output and from its caches.
      const warmBuilds: Run[] = []
      for (let run = 0; run < runs; run += 1) {
        progress(`N=${count}: warm build ${run + 1} of ${runs}`)
        warmBuilds.push(await build(envFor(runs - 1)))
      }
      clearProgress()
      const warm = report(`Folio N=${count}, warm`, count, warmBuilds)
      if (astroCold) {
        console.log(
          `${'ratio warm / Astro'.padEnd(22)} ${(warm.seconds / astroCold.seconds).toFixed(2).padStart(6)}   (target ≤ 0.40)`,
        )
      }
      // What an author waits for: one post edited since the last build (a different one each time).
      const editedBuilds: Run[] = []
      for (let run = 0; run < runs; run += 1) {
        await appendFile(path.join(contentDir, 'blog', `bench-post-${run}.md`), '\nAn edit.\n')
        progress(`N=${count}: build after an edit ${run + 1} of ${runs}`)
        editedBuilds.push(await build(envFor(runs - 1)))
      }
      clearProgress()
      report(`Folio N=${count}, 1 edit`, count, editedBuilds)
    }
    console.log('')
  }
} finally {
  await rm(root, { recursive: true, force: true })
}
