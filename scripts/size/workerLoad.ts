/**
 * What the preview worker loads for every note: its entry chunk, as the worker's build lists it
 * (scripts/vite/chunkPackagesPlugin.ts). Shiki and the grammars are chunks of their own that a
 * fence loads; the named character references one that a reference loads.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { workerChunkPackagesFile } from '../vite/chunkPackagesPlugin.ts'
import { gzipSize } from './firstLoad.ts'

export const PREVIEW_WORKER = 'previewWorker'

export interface WorkerLoad {
  file: string
  gzipBytes: number
  /** npm packages in the entry chunk. */
  packages: string[]
}

export async function previewWorkerLoad(distDir: string): Promise<WorkerLoad> {
  const chunks = JSON.parse(
    await readFile(join(distDir, workerChunkPackagesFile(PREVIEW_WORKER)), 'utf8'),
  ) as Record<string, string[]>
  const file = Object.keys(chunks).find((name) =>
    name.split('/').at(-1)?.startsWith(`${PREVIEW_WORKER}-`),
  )
  if (!file) throw new Error(`The preview worker's build names no ${PREVIEW_WORKER} chunk`)
  return { file, gzipBytes: await gzipSize(join(distDir, file)), packages: chunks[file] ?? [] }
}
