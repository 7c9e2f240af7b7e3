/**
 * The last build's pages, reused when nothing the build reads has changed. Prerendering is most of
 * a rebuild (React, the router and each page's finishing, ≈ 6 ms a page: six seconds with a
 * thousand posts), and the same inputs give byte-identical pages, so a page whose inputs match
 * the last build's is copied, with its loader payload, instead of rendered. The key is the
 * fingerprint of every input (buildInputs.ts) with the build id: one changed file, post or
 * variable, and every page renders again. Pages are copied, never linked, so nothing that later
 * writes into dist/ can change the cache.
 */
import { constants } from 'node:fs'
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { moveFolderAside } from './outDirAside.ts'

/** The files vite-react-ssg writes for one route, relative to the output folder. */
export interface PageFiles {
  page: string
  /** Its loader payload, when the route has loader data. */
  loaderData: string | null
}

interface Entry extends PageFiles {
  /** The references the link check needs (PageFinisher), as the page was rendered. */
  linkTargets: string[]
}

interface Index {
  key: string
  pages: Record<string, Entry>
}

const INDEX = 'index.json'
const FILES = 'files'

export class PageCache {
  private readonly kept: Record<string, Entry> = {}
  private pending: Promise<void>[] = []

  private constructor(
    private readonly dir: string,
    private readonly outDir: string,
    private readonly key: string,
    /** The last build's pages, when its key is this build's. */
    private readonly last: Record<string, Entry>,
    /** The deletion of caches made from other inputs, started when this build opened it. */
    private readonly stale: Promise<void>,
  ) {}

  static async open(dir: string, outDir: string, key: string): Promise<PageCache> {
    const index = await readFile(path.join(dir, INDEX), 'utf8')
      .then((text) => JSON.parse(text) as Index)
      .catch(() => undefined)
    if (index?.key === key) return new PageCache(dir, outDir, key, index.pages, Promise.resolve())
    // Other inputs: none of its pages can be used. Set aside at once and deleted meanwhile, with
    // what an earlier build left aside (outDirAside.ts). The cache only saves time: a folder that
    // cannot be deleted must not fail the build.
    const { removed } = await moveFolderAside(dir)
    return new PageCache(
      dir,
      outDir,
      key,
      {},
      removed.catch(() => undefined),
    )
  }

  /**
   * Writes the last build's copy of `route` (its page, and its payload when it has one) into the
   * output folder and returns what was recorded of it, or undefined when it must be rendered.
   */
  async reuse(route: string): Promise<Entry | undefined> {
    const entry = this.last[route]
    if (!entry) return undefined
    try {
      await Promise.all(
        filesOf(entry).map((file) => copyInto(this.cached(file), this.output(file))),
      )
    } catch {
      return undefined // a cached file went missing: the page renders as if it were new
    }
    this.kept[route] = entry
    return entry
  }

  /**
   * Keeps a page just written (and its payload) for the next build. A page that cannot be copied
   * (a full disk) is left out of the index, and renders again next time.
   */
  keep(route: string, files: PageFiles, linkTargets: string[]): void {
    // Copied while the next pages render; awaited in save().
    const copying = Promise.all(
      filesOf(files).map((file) => copyInto(this.output(file), this.cached(file))),
    ).then(
      () => void (this.kept[route] = { ...files, linkTargets }),
      () => undefined,
    )
    this.pending.push(copying)
  }

  /** Records what was kept under this build's key, once every page is written. */
  async save(): Promise<void> {
    await Promise.all([...this.pending, this.stale])
    this.pending = []
    await mkdir(this.dir, { recursive: true })
    const index: Index = { key: this.key, pages: this.kept }
    // Written last, and whole: a build stopped halfway leaves a cache no key matches.
    const temporary = path.join(this.dir, `${INDEX}.${process.pid}`)
    await writeFile(temporary, JSON.stringify(index))
    await rename(temporary, path.join(this.dir, INDEX))
  }

  private cached(file: string): string {
    return path.join(this.dir, FILES, file)
  }

  private output(file: string): string {
    return path.join(this.outDir, file)
  }
}

function filesOf(files: PageFiles): string[] {
  return files.loaderData === null ? [files.page] : [files.page, files.loaderData]
}

async function copyInto(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true })
  // A copy-on-write clone where the file system has them (btrfs, XFS), a kernel copy elsewhere.
  await copyFile(from, to, constants.COPYFILE_FICLONE)
}
