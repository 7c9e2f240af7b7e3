/**
 * Empties the build's output folder at once instead of deleting the last build file by file
 * before the client bundle is written. Vite empties it synchronously, on the thread that
 * bundles; with a thousand posts that was thousands of files and folders (a second or more, and
 * several on a busy machine) in every build but the first. The folder is renamed aside, which
 * is immediate, and deleted in the background while the build runs.
 */
import { existsSync } from 'node:fs'
import { readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'
import { processUniqueName } from './processUniqueName.ts'

/**
 * `dist` → `.dist-old-<pid>-<time>-<n>`: beside it, so the rename never crosses file systems. A
 * name of this process's own: one set aside in the same millisecond as the last would otherwise
 * be renamed onto it, not yet deleted, and fail with ENOTEMPTY.
 */
function asideName(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}-old-${processUniqueName()}`)
}

/** Folders left aside by a build that did not get to delete them (it crashed or was stopped). */
async function leftAside(outDir: string): Promise<string[]> {
  const prefix = `.${path.basename(outDir)}-old-`
  const names = await readdir(path.dirname(outDir)).catch(() => [] as string[])
  return names
    .filter((name) => name.startsWith(prefix))
    .map((name) => path.join(path.dirname(outDir), name))
}

/**
 * Moves `outDir` aside, so it no longer exists, and returns the deletion of what was in it (and
 * of anything an earlier build left aside), to await before the build reports success. A folder
 * holding `.git` is left to Vite, which keeps that. The page cache (pageCache.ts) sets its own
 * folder aside the same way.
 */
export async function moveFolderAside(outDir: string): Promise<{ removed: Promise<void> }> {
  const stale = await leftAside(outDir)
  if (existsSync(outDir) && !existsSync(path.join(outDir, '.git'))) {
    const aside = asideName(outDir)
    await rename(outDir, aside)
    stale.push(aside)
  }
  const removed = Promise.all(stale.map((dir) => rm(dir, { recursive: true, force: true }))).then(
    () => undefined,
  )
  // Awaited when the build finishes; until then a failure must not count as unhandled.
  removed.catch(() => undefined)
  return { removed }
}

// Vite loads the config (and this module) afresh for the client and the server build; the
// deletion started in the first must be awaited at the end of the second. Keyed by folder.
const MOVES_KEY = Symbol.for('folio.outDirMoves')
const shared = globalThis as { [MOVES_KEY]?: Map<string, Promise<{ removed: Promise<void> }>> }
const moves = (shared[MOVES_KEY] ??= new Map())

/**
 * Moves the output folder aside once per build: when the client build starts (Vite then finds it
 * empty), or before the last build's bundles are put back in its place (bundleCache.ts).
 */
export async function moveOutDirAside(outDir: string): Promise<void> {
  const dir = path.resolve(outDir)
  if (!moves.has(dir)) moves.set(dir, moveFolderAside(dir))
  await moves.get(dir)
}

export function outDirAsidePlugin(outDir: string): Plugin {
  return {
    name: 'folio-out-dir-aside',
    apply: 'build',
    async buildStart() {
      if (!this.environment.config.build.ssr) await moveOutDirAside(outDir)
    },
  }
}

/** Resolves when the last build's files are deleted (at once when none were moved aside). */
export async function lastBuildRemoved(): Promise<void> {
  await Promise.all([...moves.values()].map(async (move) => (await move).removed))
}
