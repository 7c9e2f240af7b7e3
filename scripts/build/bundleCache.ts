/**
 * The last build's client and server bundles, put back in place of Vite's two builds when none
 * of the code they are made from has changed. Bundling is most of what a rebuild from the same
 * inputs still did once its pages were reused (pageCache.ts): ≈ 2 s of a ≈ 4 s rebuild of a
 * thousand posts. The key is the fingerprint of every input but the content (buildId.ts): the
 * bundles hold none of it, since the page loaders read it while prerendering, nor the build id,
 * which pages carry themselves (src/app/buildCheck.ts). So an edited post reuses them. One changed
 * source file, dependency or variable, and both are built again.
 *
 * The cache holds copies, never links: nothing that later writes into dist/ can change it. Its
 * index, written last, lists every file with its size, so a copy cut short or a file gone
 * missing makes the bundles build again rather than ship broken.
 */
import { copyFile, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { moveFolderAside, moveOutDirAside } from './outDirAside.ts'

/** Where vite-react-ssg keeps each bundle: the client in the output folder, the server beside. */
export interface BundleFolders {
  outDir: string
  serverDir: string
}

/** Each bundle's files, relative to its folder, with their sizes in bytes. */
type Listing = Record<keyof BundleFolders, [file: string, bytes: number][]>

interface Index {
  key: string
  files: Listing
}

const INDEX = 'index.json'
const FOLDERS: (keyof BundleFolders)[] = ['outDir', 'serverDir']

async function listFiles(dir: string): Promise<[string, number][]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort()
  return Promise.all(files.map(async (file) => [file, (await stat(path.join(dir, file))).size]))
}

/**
 * Copies the listed files, making each folder once: fs.cp's walk (an lstat and a chmod per file)
 * took ≈ 0.6 s for the client bundle's ≈ 600 files, twice what the copies themselves take.
 */
async function copyListed(from: string, to: string, listing: [string, number][]): Promise<void> {
  const folders = new Set(listing.map(([file]) => path.dirname(path.join(to, file))))
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })))
  await Promise.all(listing.map(([file]) => copyFile(path.join(from, file), path.join(to, file))))
}

async function matches(dir: string, listing: [string, number][]): Promise<boolean> {
  const sizes = await Promise.all(
    listing.map(([file]) =>
      stat(path.join(dir, file)).then(
        (found) => found.size,
        () => -1,
      ),
    ),
  )
  return listing.every(([, bytes], n) => sizes[n] === bytes)
}

export class BundleCache {
  constructor(
    private readonly dir: string,
    private readonly key: string,
  ) {}

  /**
   * Puts the last build's bundles where this build's would go, when they were built from the
   * same inputs and are whole; false when they must be built. The output folder is moved aside
   * first, as the client build would have done (outDirAside.ts).
   */
  async reuse(folders: BundleFolders): Promise<boolean> {
    const index = await readFile(path.join(this.dir, INDEX), 'utf8')
      .then((text) => JSON.parse(text) as Index)
      .catch(() => undefined)
    if (index?.key !== this.key) return false
    try {
      for (const folder of FOLDERS) {
        if (!(await matches(path.join(this.dir, folder), index.files[folder]))) return false
      }
      await moveOutDirAside(folders.outDir)
      // One after the other: on a failure, nothing is still being copied while it is cleared.
      for (const folder of FOLDERS) {
        await copyListed(path.join(this.dir, folder), folders[folder], index.files[folder])
      }
      return true
    } catch {
      // Half put back: cleared, so the bundles build into empty folders as usual.
      await Promise.all(
        FOLDERS.map((folder) => rm(folders[folder], { recursive: true, force: true })),
      )
      return false
    }
  }

  /**
   * Keeps the bundles just built, before any page is written into the output folder. The cache
   * only saves time: one that cannot be written (a full disk) is left out and does not fail the
   * build, whose next run bundles again.
   */
  async keep(folders: BundleFolders): Promise<void> {
    // Assembled beside the cache and put in its place whole, with the index last inside it: a
    // build stopped halfway leaves either the last complete cache or none.
    const assembling = `${this.dir}.${process.pid}`
    try {
      await rm(assembling, { recursive: true, force: true })
      await mkdir(assembling, { recursive: true })
      const files = {} as Listing
      for (const folder of FOLDERS) {
        files[folder] = await listFiles(folders[folder])
        await copyListed(folders[folder], path.join(assembling, folder), files[folder])
      }
      const index: Index = { key: this.key, files }
      await writeFile(path.join(assembling, INDEX), JSON.stringify(index))
      await (
        await moveFolderAside(this.dir)
      ).removed
      await rename(assembling, this.dir)
    } catch {
      await rm(assembling, { recursive: true, force: true }).catch(() => undefined)
    }
  }
}
