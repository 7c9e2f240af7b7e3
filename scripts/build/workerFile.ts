/**
 * A worker thread's source as one plain JavaScript file: our TypeScript bundled (≈ 10 ms),
 * packages left as imports. A worker thread cannot load TypeScript itself, and registering tsx in
 * each one cost ≈ 0.4 s of loading and a loader thread per worker. The file lives under
 * node_modules/ so its package imports resolve, and is named per process so concurrent builds do
 * not share it. Delete it once the worker has started.
 */
import path from 'node:path'
import type { Worker } from 'node:worker_threads'
import { build } from 'rolldown'

// Not import.meta.url: Vite bundles the build's modules into its config, which lives elsewhere.
// Every entry point (npm scripts, Vitest, the bench) runs from the repository root.
const repoRoot = process.cwd()

/** Bundles `source` (relative to the repository root) into `<name>-<pid>.mjs`; returns its path. */
export async function bundleWorkerFile(source: string, name: string): Promise<string> {
  const file = path.join(repoRoot, 'node_modules/.cache/folio', `${name}-${process.pid}.mjs`)
  await build({
    input: path.join(repoRoot, source),
    platform: 'node',
    external: (id) => !id.startsWith('.') && !path.isAbsolute(id),
    output: { file, format: 'esm' },
    logLevel: 'warn',
  })
  return file
}

/**
 * Resolves with `worker` once it has loaded its file: our threads post a first message when they
 * are ready (renderWorker.ts, finishingWorker.ts). From then on the file may be deleted.
 */
export function loaded(worker: Worker): Promise<Worker> {
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve(worker))
    worker.once('error', reject)
  })
}
