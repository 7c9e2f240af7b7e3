import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BundleCache, type BundleFolders } from '../../../scripts/build/bundleCache.ts'

let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'folio-bundles-'))
})
afterEach(() => rm(root, { recursive: true, force: true }))

const cacheDir = () => join(root, 'cache', 'bundles')

/** A build's folders, each in a place of its own so tests never share an output folder. */
function foldersOf(name: string): BundleFolders {
  return { outDir: join(root, name, 'dist'), serverDir: join(root, name, 'server') }
}

/** What the client and server builds write, as vite-react-ssg leaves them before prerendering. */
async function bundlesBuiltIn(folders: BundleFolders): Promise<void> {
  await mkdir(join(folders.outDir, 'assets'), { recursive: true })
  await mkdir(join(folders.outDir, '.vite'), { recursive: true })
  await mkdir(folders.serverDir, { recursive: true })
  await writeFile(join(folders.outDir, 'index.html'), '<script type="module" src="/assets/app.js">')
  await writeFile(join(folders.outDir, 'assets/app.js'), 'console.log("app")'.repeat(100))
  await writeFile(join(folders.outDir, '.vite/manifest.json'), '{}')
  await writeFile(join(folders.serverDir, 'main.mjs'), 'export const createRoot = () => {}')
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort()
}

describe('BundleCache', () => {
  it('puts the bundles of the same inputs back where this build writes them', async () => {
    const built = foldersOf('first')
    await bundlesBuiltIn(built)
    await new BundleCache(cacheDir(), 'inputs-1').keep(built)

    const next = foldersOf('second')
    // The last build's pages are still in the output folder: none may survive into this one.
    await mkdir(join(next.outDir, 'blog', 'gone'), { recursive: true })
    await writeFile(join(next.outDir, 'blog', 'gone', 'index.html'), '<p>old</p>')
    expect(await new BundleCache(cacheDir(), 'inputs-1').reuse(next)).toBe(true)

    expect(await filesUnder(next.outDir)).toEqual(await filesUnder(built.outDir))
    expect(await filesUnder(next.serverDir)).toEqual(['main.mjs'])
    expect(await readFile(join(next.outDir, 'assets/app.js'), 'utf8')).toBe(
      await readFile(join(built.outDir, 'assets/app.js'), 'utf8'),
    )
  })

  it('builds again when any input changed', async () => {
    const built = foldersOf('first')
    await bundlesBuiltIn(built)
    await new BundleCache(cacheDir(), 'inputs-1').keep(built)

    const next = foldersOf('second')
    expect(await new BundleCache(cacheDir(), 'inputs-2').reuse(next)).toBe(false)
    expect(existsSync(next.outDir)).toBe(false)
    expect(existsSync(next.serverDir)).toBe(false)
  })

  it('builds again when a kept file was cut short or went missing', async () => {
    const built = foldersOf('first')
    await bundlesBuiltIn(built)
    const cache = new BundleCache(cacheDir(), 'inputs-1')
    await cache.keep(built)

    await truncate(join(cacheDir(), 'outDir/assets/app.js'), 10)
    expect(await cache.reuse(foldersOf('second'))).toBe(false)
    await cache.keep(built)
    await rm(join(cacheDir(), 'serverDir/main.mjs'))
    expect(await cache.reuse(foldersOf('third'))).toBe(false)
    expect(existsSync(foldersOf('third').outDir)).toBe(false)
  })

  it('clears what it put back when putting the bundles back fails', async () => {
    const built = foldersOf('first')
    await bundlesBuiltIn(built)
    const cache = new BundleCache(cacheDir(), 'inputs-1')
    await cache.keep(built)

    const next = foldersOf('second')
    // A file where the server bundle's folder must go: the client's copy succeeds, this one fails.
    await mkdir(join(root, 'second'), { recursive: true })
    await writeFile(next.serverDir, 'in the way')
    expect(await cache.reuse(next)).toBe(false)
    expect(existsSync(next.outDir)).toBe(false)
  })

  it('keeps the last whole cache when the bundles cannot be kept, without failing', async () => {
    const built = foldersOf('first')
    await bundlesBuiltIn(built)
    await new BundleCache(cacheDir(), 'inputs-1').keep(built)

    // The server bundle is missing: nothing is kept under the new key, the old cache stays.
    const broken = foldersOf('broken')
    await bundlesBuiltIn(broken)
    await rm(broken.serverDir, { recursive: true })
    await expect(new BundleCache(cacheDir(), 'inputs-2').keep(broken)).resolves.toBeUndefined()
    expect(await new BundleCache(cacheDir(), 'inputs-2').reuse(foldersOf('second'))).toBe(false)
    expect(await new BundleCache(cacheDir(), 'inputs-1').reuse(foldersOf('third'))).toBe(true)
    expect((await readdir(join(root, 'cache'))).sort()).toEqual(['bundles'])
  })
})
