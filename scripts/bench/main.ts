/**
 * `npm run bench`: builds the whole site with N generated posts (N = 100 and 1,000 by default)
 * and prints wall time, ms per post and the build process's peak memory. Each size is built
 * cold (empty render cache), and the largest once more warm (every post cached). Nothing in
 * dist/ or .cache/ is touched: content, cache and output live in a temporary folder.
 * Flags: --sizes 100,1000
 */
import { spawn } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { benchPost } from './generatePosts.ts'
import { npmScriptEnv } from './npmScriptEnv.ts'

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '100,1000' } } })
const sizes = (values.sizes as string).split(',').map(Number)
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

async function contentWithPosts(root: string, count: number): Promise<string> {
  const dir = path.join(root, `content-${count}`)
  await mkdir(path.join(dir, 'blog'), { recursive: true })
  await cp('content/pages', path.join(dir, 'pages'), { recursive: true })
  await cp('content/changelog', path.join(dir, 'changelog'), { recursive: true })
  await Promise.all(
    Array.from({ length: count }, (_, n) =>
      writeFile(path.join(dir, 'blog', `bench-post-${n}.md`), benchPost(n)),
    ),
  )
  return dir
}

function report(label: string, count: number, run: Run): void {
  console.log(
    `${label.padEnd(22)} ${run.seconds.toFixed(1).padStart(6)} s ${((run.seconds * 1000) / count).toFixed(1).padStart(7)} ms/post ${run.peakMb.toFixed(0).padStart(6)} MB peak`,
  )
}

const root = await mkdtemp(path.join(tmpdir(), 'folio-bench-'))
try {
  console.log(`Site build with N generated posts (2 render threads), in ${root}\n`)
  for (const [index, count] of sizes.entries()) {
    if (process.stdout.isTTY) process.stdout.write(`generating ${count} posts…\r`)
    const contentDir = await contentWithPosts(root, count)
    const env = {
      FOLIO_CONTENT_DIR: contentDir,
      FOLIO_CACHE_DIR: path.join(root, `cache-${count}`),
      FOLIO_OUT_DIR: path.join(root, `dist-${count}`),
      ...BUILD_ENV,
    }
    report(`N=${count}, cold`, count, await build(env))
    if (index === sizes.length - 1) report(`N=${count}, warm cache`, count, await build(env))
  }
} finally {
  await rm(root, { recursive: true, force: true })
}
