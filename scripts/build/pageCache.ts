/**
 * The last build's pages, reused when nothing the build reads has changed. Prerendering is most of
 * a rebuild (React, the router and each page's finishing, ≈ 6 ms a page: six seconds with a
 * thousand posts), and the same inputs give byte-identical pages, so a page whose inputs match
 * the last build's is written out again, with its loader payload, instead of rendered.
 *
 * Two keys decide. When the fingerprint of every input (buildInputs.ts) with the build id is the
 * last build's, every page is reused as it is, before anything renders (`reuse`). When only the
 * content changed (the code's fingerprint is the same), a page is reused once its loaders have
 * run, if what they returned and the documents they name are what the last build's copy was
 * made from (`reuseWithData`): an edited post renders its own page and the lists that show it,
 * and the rest is written out again. The build id did change, and every page carries the hash of
 * its build (the payloads' names, src/app/buildCheck.ts): a page reused that way gets this
 * build's hash in its state and its payload's name, the one place each is written.
 *
 * The cache keeps its own copy of each page's text, never a link to the output folder, so
 * nothing that later writes into dist/ can change it. The copies go into one pack file per build,
 * each page where the index says: two files copied per page (a folder made, two opened, a copy,
 * closed) had a thousand-post build spend ≈ 2.5 s of system time and ≈ 1.5 s of its wall time
 * keeping pages, and one write per page costs a fraction of that.
 */
import { createHash } from 'node:crypto'
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
import { processUniqueName } from './processUniqueName.ts'

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

/** What vite-react-ssg wrote to those files, as text or as the bytes written (finishedBytes). */
export interface WrittenPage {
  page: string | Uint8Array
  loaderData: string | Uint8Array | null
}

/** A page written again from the cache: its files, the references recorded and what it holds. */
export interface ReusedPage extends PageFiles {
  linkTargets: string[]
  texts: PageTexts
}

interface Entry extends PageFiles {
  /** The references the link check needs (PageFinisher), as the page was rendered. */
  linkTargets: string[]
  /** What the page was made from (pageInputs), when its loaders' data was known. */
  inputs?: string
  /** The hash of the build the texts carry (pageBuildHash). */
  hash?: string
  /** The pack file holding the page's bytes, then its payload's, from byte `at`. */
  pack: string
  at: number
  pageBytes: number
  loaderDataBytes: number
}

interface Index {
  key: string
  /** The code's fingerprint: pages of another code are never reused. */
  code?: string
  pages: Record<string, Entry>
}

/** What identifies this build to its cache, beyond the key. */
export interface BuildIdentity {
  /** The code's fingerprint (bundleCacheKey), without the content. */
  code: string
  /** The hash every page of this build carries (pageBuildHash). */
  hash: string
}

/**
 * What a page is made from, besides the code: its route, its loaders' data, and the documents
 * whose HTML the build puts into it (named by their files in the render cache, which are named by
 * what they hold). Loaders are the only way content reaches a page (src/features/content/server.ts).
 */
export function pageInputs(route: string, loaderData: unknown, documents: string[]): string {
  return createHash('sha256')
    .update(route)
    .update('\0')
    .update(JSON.stringify(loaderData) ?? '')
    .update('\0')
    .update([...documents].sort().join('\0'))
    .digest('hex')
}

/**
 * The two places a page's build hash is written: the state's field (vite-react-ssg's payload
 * hash, inlineState.ts) and the end of its payload's file name.
 */
const buildHashField = (hash: string) => `"hash":"${hash}"`
const payloadNameEnd = (hash: string) => `.${hash}.json`

/** `text` with the build hash `from` in its one place turned into `to`; undefined if not one. */
function withBuildHash(text: string, field: (hash: string) => string, from: string, to: string) {
  const parts = text.split(field(from))
  return parts.length === 2 ? parts.join(field(to)) : undefined
}

const INDEX = 'index.json'
const PACK_EXTENSION = '.pack'

export class PageCache {
  private readonly kept: Record<string, Entry> = {}
  private pending: Promise<void>[] = []
  /**
   * This build's pack, opened with the first page kept. A name of this process's own: a cache
   * opened in the millisecond the last one was would otherwise empty the pack its reused pages
   * are read from.
   */
  private readonly pack = `${processUniqueName()}${PACK_EXTENSION}`
  private packFile: Promise<FileHandle> | undefined
  private packBytes = 0
  private readonly readers = new Map<string, Promise<FileHandle>>()
  private readonly madeFolders = new Map<string, Promise<unknown>>()

  /** Each rendered page's inputs, from its reuseWithData, for keep(). */
  private readonly inputs = new Map<string, string>()

  private constructor(
    private readonly dir: string,
    private readonly outDir: string,
    private readonly key: string,
    private readonly build: BuildIdentity | undefined,
    /** The last build's pages, when its key or its code is this build's. */
    private readonly last: Record<string, Entry>,
    /** Whether the last build's key is this build's: every page of it is reused as it is. */
    private readonly sameKey: boolean,
    /** The deletion of caches made from other inputs, started when this build opened it. */
    private readonly stale: Promise<void>,
  ) {}

  /**
   * The cache in `dir` for a build writing to `outDir`; `build` (its code and hash) lets pages be
   * reused by their loaders' data when the key differs.
   */
  static async open(
    dir: string,
    outDir: string,
    key: string,
    build?: BuildIdentity,
  ): Promise<PageCache> {
    const index = await readFile(path.join(dir, INDEX), 'utf8')
      .then((text) => JSON.parse(text) as Index)
      .catch(() => undefined)
    if (index?.key === key)
      return new PageCache(dir, outDir, key, build, index.pages, true, Promise.resolve())
    if (build && index?.code === build.code)
      return new PageCache(dir, outDir, key, build, index.pages, false, Promise.resolve())
    // Other inputs: none of its pages can be used. Set aside at once and deleted meanwhile, with
    // what an earlier build left aside (outDirAside.ts). The cache only saves time: a folder that
    // cannot be deleted must not fail the build.
    const { removed } = await moveFolderAside(dir)
    return new PageCache(
      dir,
      outDir,
      key,
      build,
      {},
      false,
      removed.catch(() => undefined),
    )
  }

  /**
   * Writes the last build's copy of `route` (its page, and its payload when it has one) into the
   * output folder and returns what was recorded of it and the texts written, or undefined when it
   * must be rendered.
   */
  async reuse(route: string): Promise<ReusedPage | undefined> {
    const entry = this.sameKey ? this.last[route] : undefined
    if (!entry) return undefined
    const bytes = await this.read(entry)
    if (!bytes) return undefined
    const written = await this.writePage(
      entry,
      bytes.subarray(0, entry.pageBytes),
      bytes.subarray(entry.pageBytes),
    )
    if (!written) return undefined
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
   * Writes the last build's copy of `route` into the output folder, with this build's hash, when
   * it was made from the same `inputs` (pageInputs) by the same code, and keeps it again for the
   * next build; undefined when the page must be rendered.
   */
  async reuseWithData(route: string, inputs: string): Promise<ReusedPage | undefined> {
    this.inputs.set(route, inputs)
    const entry = this.last[route]
    const build = this.build
    if (!entry || !build || entry.inputs !== inputs || entry.hash === undefined) return undefined
    const bytes = await this.read(entry)
    if (!bytes) return undefined
    const page = withBuildHash(
      bytes.toString('utf8', 0, entry.pageBytes),
      buildHashField,
      entry.hash,
      build.hash,
    )
    const loaderDataFile =
      entry.loaderData === null
        ? null
        : withBuildHash(entry.loaderData, payloadNameEnd, entry.hash, build.hash)
    // A page whose hash is not where the build writes it is rendered, not patched.
    if (page === undefined || loaderDataFile === undefined) return undefined
    const files = { page: entry.page, loaderData: loaderDataFile }
    const texts = {
      page,
      loaderData: entry.loaderData === null ? null : bytes.toString('utf8', entry.pageBytes),
    }
    const pageBytes = Buffer.from(page)
    const loaderDataBytes = bytes.subarray(entry.pageBytes)
    if (!(await this.writePage(files, pageBytes, loaderDataBytes))) return undefined
    this.keepBytes(route, files, pageBytes, loaderDataBytes, entry.linkTargets)
    return { ...files, linkTargets: entry.linkTargets, texts }
  }

  /**
   * Writes a reused page, and its payload when it has one, into the output folder; false when
   * that fails, and the page then renders as if it were new.
   */
  private async writePage(
    files: PageFiles,
    page: Uint8Array,
    loaderData: Uint8Array,
  ): Promise<boolean> {
    try {
      await this.writeOut(files.page, page)
      if (files.loaderData !== null) await this.writeOut(files.loaderData, loaderData)
      return true
    } catch {
      return false
    }
  }

  /** An entry's page and payload bytes from its pack; undefined if the pack is gone or short. */
  private async read(entry: Entry): Promise<Buffer | undefined> {
    const bytes = Buffer.alloc(entry.pageBytes + entry.loaderDataBytes)
    try {
      const { bytesRead } = await (
        await this.reader(entry.pack)
      ).read(bytes, 0, bytes.length, entry.at)
      return bytesRead === bytes.length ? bytes : undefined // cut short: render the page
    } catch {
      return undefined // the pack went missing: the page renders as if it were new
    }
  }

  /**
   * Keeps a page just written (and its payload) for the next build. A page that cannot be kept
   * (a full disk) is left out of the index, and renders again next time.
   */
  keep(route: string, files: PageFiles, written: WrittenPage, linkTargets: string[]): void {
    const bytes = (text: string | Uint8Array) =>
      typeof text === 'string' ? Buffer.from(text) : text
    this.keepBytes(route, files, bytes(written.page), bytes(written.loaderData ?? ''), linkTargets)
  }

  /** keep(), with the page and its payload already in bytes. */
  private keepBytes(
    route: string,
    files: PageFiles,
    page: Uint8Array,
    loaderData: Uint8Array,
    linkTargets: string[],
  ): void {
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
            ...(this.inputs.has(route) ? { inputs: this.inputs.get(route) } : {}),
            ...(this.build ? { hash: this.build.hash } : {}),
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
    const index: Index = {
      key: this.key,
      ...(this.build ? { code: this.build.code } : {}),
      pages: this.kept,
    }
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
