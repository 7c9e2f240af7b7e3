import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  RENDER_YOUNG_GENERATION_MB,
  renderAll,
  startWorker,
} from '../../../scripts/content/renderAll'

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
    expect(first.results[0]?.html).toContain('class="shiki')
    expect(first.results[1]?.html).toContain('rel="noopener noreferrer"')

    const again = await renderAll([...bodies, '# Three\n'], options())
    expect(again.stats).toEqual({ rendered: 1, cached: 2 })
    expect(again.results.slice(0, 2)).toEqual(first.results)
    expect(again.results[2]?.headings).toEqual([{ depth: 1, id: 'three', text: 'Three' }])
  }, 30_000)

  it('leaves no bundled worker file behind', async () => {
    const folder = join(process.cwd(), 'node_modules/.cache/folio')
    const left = await readdir(folder).catch(() => [])
    expect(left.filter((name) => name.includes(`render-worker-${process.pid}`))).toEqual([])
  })

  it('gives render threads a young generation big enough for tokenising without constant scavenges', async () => {
    // A stand-in worker that reports the size V8 gave its young generation's active space.
    const file = join(cacheDir, 'heap-report.mjs')
    await writeFile(
      file,
      `import { parentPort } from 'node:worker_threads'
import v8 from 'node:v8'
parentPort.on('message', () => {
  // Short-lived garbage, as tokenising makes: the young generation grows to its limit.
  let live = []
  for (let n = 0; n < 3e6; n += 1) live = live.length > 1e5 ? [] : (live.push({ n }), live)
  const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')
  parentPort.postMessage(young.space_size)
})
parentPort.postMessage('ready')
`,
    )
    const worker = await startWorker(file, [], 'https://folio.example')
    try {
      const size = await new Promise<number>((resolve) => {
        worker.once('message', resolve)
        worker.postMessage('size?')
      })
      expect(RENDER_YOUNG_GENERATION_MB).toBeGreaterThan(32)
      expect(size).toBeGreaterThan(32 * 2 ** 20)
    } finally {
      await worker.terminate()
    }
  })
})
