import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  batchSize,
  PIPELINE_FILES,
  pipelineFiles,
  RENDER_OLD_GENERATION_MB,
  RENDER_YOUNG_GENERATION_MB,
  readRenderedHtml,
  renderAll,
  startWorker,
} from '../../../scripts/content/renderAll.ts'

const bodies = [
  '# One\n\n```ts\nconst answer: number = 42\n```\n',
  '# Two\n\nA [link](https://example.com).\n',
]

let cacheDir: string
beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'folio-render-cache-'))
})
afterAll(() => rm(cacheDir, { recursive: true, force: true }))

describe('renderAll', () => {
  const options = () => ({ langs: ['ts'], siteOrigin: 'https://folio.example', cacheDir })

  it('renders on a worker thread, then answers unchanged bodies from the cache', async () => {
    const first = await renderAll(bodies, options())
    expect(first.stats).toEqual({ rendered: 2, cached: 0 })
    expect(await readRenderedHtml(first.results[0]!)).toContain('class="shiki')
    expect(await readRenderedHtml(first.results[1]!)).toContain('rel="noopener noreferrer"')

    const again = await renderAll([...bodies, '# Three\n'], options())
    expect(again.stats).toEqual({ rendered: 1, cached: 2 })
    expect(again.results.slice(0, 2)).toEqual(first.results)
    expect(again.results[2]?.headings).toEqual([{ depth: 1, id: 'three', text: 'Three' }])
  }, 30_000)

  it('keeps each document\'s HTML in the cache, not in what the build holds', async () => {
    const { results } = await renderAll(bodies, options())
    for (const result of results) {
      expect(Object.keys(result).sort()).toEqual(['headings', 'location', 'words'])
      expect(result.location.startsWith(cacheDir)).toBe(true)
    }
    expect(await readRenderedHtml(results[0]!)).toMatch(/^<h1 id="user-content-one">/)
  }, 30_000)

  it('leaves no bundled worker file behind', async () => {
    const folder = join(process.cwd(), 'node_modules/.cache/folio')
    const left = await readdir(folder).catch(() => [])
    expect(left.filter((name) => name.includes(`render-worker-${process.pid}`))).toEqual([])
  })

  it('gives render threads a young generation big enough for tokenising and a capped old one', async () => {
    // A stand-in worker that reports the young-generation limit it was started with. (How far
    // V8 then grows the space depends on its heuristics and the machine's load, so the limit the
    // thread was given is what is checked, not a measured size.)
    const file = join(cacheDir, 'heap-report.mjs')
    await writeFile(
      file,
      `import { parentPort, resourceLimits } from 'node:worker_threads'
parentPort.on('message', () => parentPort.postMessage(resourceLimits))
parentPort.postMessage('ready')
`,
    )
    const worker = await startWorker(file, [], 'https://folio.example', cacheDir)
    try {
      const limits = await new Promise<Record<string, number>>((resolve) => {
        worker.once('message', resolve)
        worker.postMessage('limit?')
      })
      // V8's default young generation is 32 MB (16 MB semi-spaces) on 64-bit.
      expect(RENDER_YOUNG_GENERATION_MB).toBeGreaterThan(32)
      expect(limits.maxYoungGenerationSizeMb).toBe(RENDER_YOUNG_GENERATION_MB)
      // Capped, so garbage does not pile up to several times the thread's live data.
      expect(limits.maxOldGenerationSizeMb).toBe(RENDER_OLD_GENERATION_MB)
    } finally {
      await worker.terminate()
    }
  })
})

describe('batchSize', () => {
  it('hands out at most 25 documents, fewer as the queue drains, and never none', () => {
    expect(batchSize(1000, 2)).toBe(25)
    expect(batchSize(100, 2)).toBe(13)
    expect(batchSize(20, 2)).toBe(3)
    expect(batchSize(1, 2)).toBe(1)
    expect(batchSize(0, 2)).toBe(1)
    // The last batches of a thousand documents, as two threads take them: none larger than 3
    // once fewer than 20 are left, so the threads finish within a few documents of each other.
    const sizes: number[] = []
    for (let remaining = 1000; remaining > 0; ) {
      const size = batchSize(remaining, 2)
      sizes.push(size)
      remaining -= size
    }
    expect(sizes.slice(0, 30).every((size) => size === 25)).toBe(true)
    expect(sizes.slice(-10).every((size) => size <= 3)).toBe(true)
  })
})

describe('the render cache key', () => {
  it('covers every module the pipeline runs, so a change to any of them renders again', async () => {
    const sources = PIPELINE_FILES.filter((file) => file.endsWith('.ts'))
    const missing: string[] = []
    for (const file of sources) {
      const text = await readFile(file, 'utf8')
      // Type-only imports do not change what a render makes.
      for (const [, from] of text.matchAll(/^import (?!type )[^'"]*['"](\.{1,2}\/[^'"]+)['"]/gm)) {
        const imported = join(dirname(file), (from as string).replace(/(\.ts)?$/, '.ts'))
        if (!PIPELINE_FILES.includes(imported)) missing.push(`${imported} (imported by ${file})`)
      }
    }
    expect(missing).toEqual([])
  })

  it('covers the patches to dependencies, which change their code as an upgrade does', async () => {
    const patches = (await readdir('patches')).map((patch) => `patches/${patch}`)
    expect(patches.length).toBeGreaterThan(0)
    expect(await pipelineFiles()).toEqual(expect.arrayContaining(patches))
  })
})
