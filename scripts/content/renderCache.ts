/**
 * Where the render cache keeps rendered documents: each render thread appends the HTML it makes
 * to a pack file of its own, and one index names, for every document of the last render, its
 * render key, its headings and word count, and the pack and range that hold its HTML.
 *
 * It used to be two files per document (`<key>.html`, and `<key>.json` beside it), two thousand
 * files for a thousand posts, and creating small files is what this machine's kernel charges
 * most for: each render thread spent ≈ 0.4 s opening and closing them. Alternating cold builds of
 * the bench's 1,000 posts were 0.3 s faster on average with packs, and the render step 0.2–0.7 s
 * shorter (decision 0043).
 *
 * A pack is written once and never changed, so a location always means the same bytes. Packs
 * no index names are deleted once nobody can still be reading them (PACK_GRACE_MS).
 */
import { mkdir, open, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import path from 'node:path'
import type { RenderedMarkdown } from '../../src/features/content/types.ts'

/** What the index records of a document besides its HTML. */
/** The build always counts words (renderWorker.ts), for the reading time. */
type DocumentSummary = Omit<RenderedMarkdown, 'html' | 'words'> & { words: number }

/**
 * Where a document's HTML is: `<pack file>#<first byte>+<bytes>`. A string, so it travels as
 * the build's content does (a document's `html` field holds it until pages are made).
 */
export type DocumentLocation = string

interface IndexEntry extends DocumentSummary {
  pack: string
  at: number
  bytes: number
}

interface Index {
  layout: string
  entries: Record<string, IndexEntry>
}

/** Bumped when the cache's layout changes, so an older index is not misread. */
const LAYOUT = 'packs-1'
const INDEX = 'index.json'
const PACK_EXTENSION = '.pack'

/**
 * How long a pack no index names is kept. Another build, or the dev server, may have read the
 * index before this one replaced it and still be reading that pack's documents: those reads
 * follow the index within seconds, never minutes.
 */
export const PACK_GRACE_MS = 10 * 60_000

function locationOf(pack: string, at: number, bytes: number): DocumentLocation {
  return `${pack}#${at}+${bytes}`
}

function parseLocation(location: DocumentLocation): { pack: string; at: number; bytes: number } {
  const match = /^(.*)#(\d+)\+(\d+)$/.exec(location)
  if (!match) throw new Error(`Not a rendered document's location: ${location}`)
  return { pack: match[1] as string, at: Number(match[2]), bytes: Number(match[3]) }
}

/** A document in the cache: its summary and where its HTML is. */
export interface StoredDocument extends DocumentSummary {
  location: DocumentLocation
}

/**
 * The last render's index in `dir`: stored documents by render key (empty when none fits).
 * Each pack it names is marked as in use, so a build that replaces the index meanwhile keeps it
 * for PACK_GRACE_MS more; the documents of a pack that is gone are left out, to render again.
 */
export async function readIndex(dir: string): Promise<Map<string, StoredDocument>> {
  const index = await readFile(path.join(dir, INDEX), 'utf8')
    .then((text) => JSON.parse(text) as Index)
    .catch(() => undefined)
  const stored = new Map<string, StoredDocument>()
  if (index?.layout !== LAYOUT || typeof index.entries !== 'object' || !index.entries) return stored
  const now = new Date()
  const packs = new Set(Object.values(index.entries).map((entry) => entry.pack))
  const present = new Set<string>()
  await Promise.all(
    [...packs].map((pack) =>
      utimes(path.join(dir, pack), now, now).then(
        () => present.add(pack),
        () => undefined,
      ),
    ),
  )
  for (const [key, { pack, at, bytes, headings, words }] of Object.entries(index.entries)) {
    if (!present.has(pack)) continue
    stored.set(key, { headings, words, location: locationOf(path.join(dir, pack), at, bytes) })
  }
  return stored
}

/**
 * Records `documents` (by render key) as the cache's index, then deletes the packs it no longer
 * names, once they are older than PACK_GRACE_MS, and files an older layout left. The cache only
 * saves time: an index that cannot be written leaves the next build to render again.
 */
export async function writeIndex(dir: string, documents: Map<string, StoredDocument>): Promise<void> {
  const entries: Record<string, IndexEntry> = {}
  for (const [key, { headings, words, location }] of documents) {
    const { pack, at, bytes } = parseLocation(location)
    entries[key] = { pack: path.relative(dir, pack), at, bytes, headings, words }
  }
  const index: Index = { layout: LAYOUT, entries }
  // Written whole, then renamed: a build stopped halfway leaves the last index as it was.
  const temporary = path.join(dir, `${INDEX}.${process.pid}`)
  await writeFile(temporary, JSON.stringify(index))
  await rename(temporary, path.join(dir, INDEX))
  const named = new Set(Object.values(entries).map((entry) => entry.pack))
  const now = Date.now()
  await Promise.all(
    (await readdir(dir)).map(async (name) => {
      if (name === INDEX || named.has(name)) return
      const file = path.join(dir, name)
      // Another build's pack or index in the making, or one a stopped build left.
      if (name.endsWith(PACK_EXTENSION) || name.startsWith(`${INDEX}.`)) {
        const { mtimeMs } = await stat(file)
        if (now - mtimeMs < PACK_GRACE_MS) return
      }
      await rm(file, { force: true, recursive: true })
    }),
  )
}

/** Sent to a render thread once its batches are answered: it closes its pack, and says so. */
export const CLOSE_PACK = 'close-pack'
export const PACK_CLOSED = 'pack-closed'

/**
 * A render thread's pack: each document's HTML appended, and its location returned. The name
 * (process, thread, time) is this writer's alone.
 */
export class PackWriter {
  private file: Promise<FileHandle> | undefined
  private size = 0
  readonly pack: string

  constructor(dir: string, thread: number) {
    this.pack = path.join(dir, `${process.pid}-${thread}-${Date.now()}${PACK_EXTENSION}`)
  }

  /** Appends `html`; resolves with its location once it is written. */
  async append(html: string): Promise<DocumentLocation> {
    const bytes = Buffer.from(html)
    const at = this.size
    this.size += bytes.length
    this.file ??= mkdir(path.dirname(this.pack), { recursive: true }).then(() =>
      open(this.pack, 'w'),
    )
    const { bytesWritten } = await (await this.file).write(bytes, 0, bytes.length, at)
    if (bytesWritten !== bytes.length) throw new Error(`Short write to ${this.pack}`)
    return locationOf(this.pack, at, bytes.length)
  }

  async close(): Promise<void> {
    await (await this.file)?.close()
  }
}

/**
 * Reads documents' HTML from their packs, each pack opened once. `close` when done: a process
 * that reads for its whole life (a finishing thread) may leave that to its end.
 */
export class PackReader {
  private readonly files = new Map<string, Promise<FileHandle>>()

  async read(location: DocumentLocation): Promise<string> {
    const { pack, at, bytes } = parseLocation(location)
    let file = this.files.get(pack)
    if (!file) {
      file = open(pack, 'r')
      // A pack that cannot be opened is tried again by the next read.
      file.catch(() => this.files.delete(pack))
      this.files.set(pack, file)
    }
    const buffer = Buffer.alloc(bytes)
    const { bytesRead } = await (await file).read(buffer, 0, bytes, at)
    if (bytesRead !== bytes) throw new Error(`${location} is cut short (${bytesRead} bytes)`)
    return buffer.toString('utf8')
  }

  async close(): Promise<void> {
    const files = [...this.files.values()]
    this.files.clear()
    await Promise.all(files.map((file) => file.then((handle) => handle.close()).catch(() => undefined)))
  }
}
