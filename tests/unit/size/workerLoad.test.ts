import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { workerProblemsOf } from '../../../scripts/size/main.ts'
import { PREVIEW_WORKER, previewWorkerLoad } from '../../../scripts/size/workerLoad.ts'
import { workerChunkPackagesFile } from '../../../scripts/vite/chunkPackagesPlugin.ts'

let distDir: string
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'folio-worker-size-'))
  await mkdir(join(distDir, 'assets'))
  await mkdir(join(distDir, '.vite'))
  for (const file of [`${PREVIEW_WORKER}-abc`, 'shikiBrowser-def'])
    await writeFile(join(distDir, 'assets', `${file}.js`), `export const x=1`)
  await writeFile(
    join(distDir, workerChunkPackagesFile(PREVIEW_WORKER)),
    JSON.stringify({
      'assets/shikiBrowser-def.js': ['shiki'],
      [`assets/${PREVIEW_WORKER}-abc.js`]: ['@ungap/structured-clone', 'unified'],
    }),
  )
})
afterAll(() => rm(distDir, { recursive: true, force: true }))

describe("the preview worker's budget", () => {
  it("weighs the worker's entry chunk only, not the chunks a fence loads", async () => {
    const load = await previewWorkerLoad(distDir)
    expect(load.file).toBe(`assets/${PREVIEW_WORKER}-abc.js`)
    expect(load.packages).toEqual(['@ungap/structured-clone', 'unified'])
    expect(load.gzipBytes).toBeGreaterThan(0)
  })

  it('names a forbidden package and a chunk over its budget', async () => {
    const load = await previewWorkerLoad(distDir)
    expect(workerProblemsOf(load)).toEqual(['holds @ungap/structured-clone'])
    expect(
      workerProblemsOf(
        { ...load, packages: ['unified'] },
        { maxGzipBytes: 1, forbiddenPackages: [] },
      ),
    ).toEqual(['JavaScript over budget'])
  })
})
