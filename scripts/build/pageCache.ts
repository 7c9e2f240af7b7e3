/**
 * The last build's pages, reused when nothing the build reads has changed. Prerendering is most of
 * a rebuild (React, the router and each page's finishing, ≈ 6 ms a page: six seconds with a
 * thousand posts), and the same inputs give byte-identical pages, so a page whose inputs match
 * the last build's is written out again, with its loader payload, instead of rendered. The key is
 * the fingerprint of every input (buildInputs.ts) with the build id: one changed file, post or
 * variable, and every page renders again.
 *
 * The cache keeps its own copy of each page's text, never a link to the output folder, so
 * nothing that later writes into dist/ can change it. The copies go into one pack file per build,
 * each page where the index says: two files copied per page (a folder made, two opened, a copy,
 * closed) had a thousand-post build spend ≈ 2.5 s of system time and ≈ 1.5 s of its wall time
 * keeping pages, and one write per page costs a fraction of that.
 */
import {
  mkdir,
  open,
  readFile,
  readdir,
  rename,
  rm,
  writeFile,
  type FileHandle,
} from 'node:fs/promises'
import path from 'node:path'
import { moveFolderAside } from './outDirAside.ts'

/** The files vite-react-ssg writes for one route, relative to the output folder. */
export interface PageFiles {
  page: string
  /** Its loader payload, when the route has loader data. */
  loaderData: string | null
}

/** What vite-react-ssg wrote to those files. */
export interface PageTexts {
  page: string
  loaderData: string | null
}

/** A page written again from the cache: its files, the references recorded and what it holds. */
export interface ReusedPage extends PageFiles {
  linkTargets: string[]
  texts: PageTexts
}

interface Entry extends PageFiles {
  /** The references the link check needs (PageFinisher), as the page was rendered. */
  linkTargets: string[]
  /** The pack file holding the page's bytes, then its payload's, from byte `at`. */
  pack: string
  at: number
  pageBytes: number
  loaderDataBytes: number
}

interface Index {
  key: string
  pages: Record<string, Entry>
}

const INDEX = 'index.json'
const PACK_EXTENSION = '.pack'

export class PageCache {
  private readonly kept: Record<string, Entry> = {}
  private pending: Promise<void>[] = []
  /** This build's pack, opened with the first page kept. */
  private readonly pack = `${process.pid}-${Date.now()}${PACK_EXTENSION}`
  private packFile: Promise<FileHandle> | undefined
  private packBytes = 0
  private readonly readers = new Map<string, Promise<FileHandle>>()
  private readonly madeFolders = new Map<string, Promise<unknown>>()

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
   * output folder and returns what was recorded of it and the texts written, or undefined when it
   * must be rendered.
   */
  async reuse(route: string): Promise<ReusedPage | undefined> {
    const entry = this.last[route]
    if (!entry) return undefined
    const bytes = Buffer.alloc(entry.pageBytes + entry.loaderDataBytes)
    try {
      const { bytesRead } = await (
        await this.reader(entry.pack)
      ).read(bytes, 0, bytes.length, entry.at)
      if (bytesRead !== bytes.length) return undefined // the pack was cut short: render the page
      await this.writeOut(entry.page, bytes.subarray(0, entry.pageBytes))
      if (entry.loaderData !== null) {
        await this.writeOut(entry.loaderData, bytes.subarray(entry.pageBytes))
      }
    } catch {
      return undefined // the pack went missing: the page renders as if it were new
    }
    this.kept[route] = entry
    return {
      page: entry.page,
      loaderData: entry.loaderData,
      linkTargets: entry.linkTargets,
      texts: {
        page: bytes.toString('utf8', 0, entry.pageBytes),
        loaderData: entry.loaderData === null ? null : bytes.toString('utf8', entry.pageBytes),
      },
    }
  }

  /**
   * Keeps a page just written (and its payload) for the next build. A page that cannot be kept
   * (a full disk) is left out of the index, and renders again next time.
   */
  keep(route: string, files: PageFiles, texts: PageTexts, linkTargets: string[]): void {
    const page = Buffer.from(texts.page)
    const loaderData = Buffer.from(texts.loaderData ?? '')
    const at = this.packBytes
    this.packBytes += page.length + loaderData.length
    // Written while the next pages render; awaited in save().
    const writing = this.packHandle()
      .then((pack) => pack.writev([page, loaderData], at))
      .then(({ bytesWritten }) => {
        if (bytesWritten !== page.length + loaderData.length) throw new Error('short write')
      })
      .then(
        () =>
          void (this.kept[route] = {
            ...files,
            linkTargets,
            pack: this.pack,
            at,
            pageBytes: page.length,
            loaderDataBytes: loaderData.length,
          }),
        () => undefined,
      )
    this.pending.push(writing)
  }

  /**
   * Records what was kept under this build's key, once every page is written. The cache only
   * saves time: one that cannot be written (a full disk, a file where its folder should be) is
   * left as it is and does not fail the build, whose next run renders every page.
   */
  async save(): Promise<void> {
    await Promise.all([...this.pending, this.stale])
    this.pending = []
    const handles = [this.packFile, ...this.readers.values()]
    await Promise.all(
      handles.map((handle) => handle?.then((file) => file.close()).catch(() => undefined)),
    )
    await this.writeIndex().catch(() => undefined)
  }

  private async writeIndex(): Promise<void> {
    await mkdir(this.dir, { recursive: true })
    const index: Index = { key: this.key, pages: this.kept }
    // Written last, and whole: a build stopped halfway leaves a cache no key matches.
    const temporary = path.join(this.dir, `${INDEX}.${process.pid}`)
    await writeFile(temporary, JSON.stringify(index))
    await rename(temporary, path.join(this.dir, INDEX))
    // Packs no page refers to any more: the last build's, once this one kept its own, or a pack
    // a stopped build left.
    const used = new Set(Object.values(this.kept).map((entry) => entry.pack))
    const packs = (await readdir(this.dir)).filter((name) => name.endsWith(PACK_EXTENSION))
    await Promise.all(
      packs
        .filter((name) => !used.has(name))
        .map((name) => rm(path.join(this.dir, name), { force: true })),
    )
  }

  private packHandle(): Promise<FileHandle> {
    this.packFile ??= mkdir(this.dir, { recursive: true }).then(() =>
      open(path.join(this.dir, this.pack), 'w'),
    )
    return this.packFile
  }

  private reader(pack: string): Promise<FileHandle> {
    let reader = this.readers.get(pack)
    if (!reader) {
      reader = open(path.join(this.dir, pack), 'r')
      this.readers.set(pack, reader)
    }
    return reader
  }

  private async writeOut(file: string, bytes: Uint8Array): Promise<void> {
    const to = path.join(this.outDir, file)
    const folder = path.dirname(to)
    // Each folder is made once: a thousand posts' payloads share one.
    if (!this.madeFolders.has(folder))
      this.madeFolders.set(folder, mkdir(folder, { recursive: true }))
    await this.madeFolders.get(folder)
    await writeFile(to, bytes)
  }
}
