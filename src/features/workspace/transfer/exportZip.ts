/**
 * The whole workspace as a zip, built while documents arrive page by page: `<title>.md` for
 * each document (./markdownFile.ts) and the images they link to under
 * `attachments/<title>/`, with the links rewritten to those relative paths. Loaded only when
 * someone exports (it brings fflate).
 */
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate'
import { attachmentUrl } from '../attachments'
import { linkedAttachmentPaths, relativeLink, rewriteStorageLinks } from './attachmentLinks'
import { createStemAllocator } from './fileNames'
import { toMarkdownFile } from './markdownFile'

export interface ExportedDocument {
  id: string
  title: string
  body: string
  created_at: string
  updated_at: string
}

/** Where the export reads from: the database in pages, storage one object at a time. */
export interface ExportSource {
  count(): Promise<number>
  page(offset: number, limit: number): Promise<ExportedDocument[]>
  attachment(path: string): Promise<Uint8Array | null>
}

export interface ExportProgress {
  done: number
  total: number
}

/** The most documents one page asks for, when they are short. */
export const EXPORT_PAGE_SIZE = 100
/** The first page, before the length of this account's notes is known. */
const FIRST_PAGE_SIZE = 10
/**
 * About how much text a page holds: the next page asks for as many documents as fit, going by
 * the last page's. A page of 100 notes near the 1 MB limit was one answer of 100 MB, held in
 * the tab twice over (the answer and its parsed rows) while the zip was written.
 */
export const EXPORT_PAGE_CHARACTERS = 8_000_000

/**
 * Images downloaded at the same time, ahead of the one being written: one at a time, an
 * account's 100 images took 100 round trips end to end. A few, so that no more than a few
 * images (up to 10 MB each) are held before they are written.
 */
export const ATTACHMENTS_AT_ONCE = 4

/** Downloads `paths` in their order, up to ATTACHMENTS_AT_ONCE ahead of the one taken. */
function downloadAhead(
  paths: readonly string[],
  download: (path: string) => Promise<Uint8Array | null>,
): (path: string) => Promise<Uint8Array | null> {
  const started = new Map<string, Promise<Uint8Array | null>>()
  let next = 0
  return (path) => {
    const at = paths.indexOf(path, Math.max(0, next - ATTACHMENTS_AT_ONCE))
    while (next < paths.length && next < at + ATTACHMENTS_AT_ONCE) {
      const ahead = download(paths[next]!)
      // Awaited when its turn comes; a failure meanwhile is not an unhandled rejection.
      ahead.catch(() => undefined)
      started.set(paths[next]!, ahead)
      next += 1
    }
    const data = started.get(path) ?? download(path)
    started.delete(path)
    return data
  }
}

export async function buildExportZip(
  source: ExportSource,
  supabaseUrl: string,
  onProgress: (progress: ExportProgress) => void = () => {},
): Promise<{ zip: Blob; documents: number; attachments: number; missing: string[] }> {
  const chunks: Uint8Array[] = []
  let failure: Error | null = null
  const zip = new Zip((error, chunk) => {
    if (error) failure = error
    else chunks.push(chunk)
  })
  const stemFor = createStemAllocator()
  // A storage path is written once, under the first document linking to it.
  const written = new Map<string, string>()
  const missing = new Set<string>()
  const total = await source.count()
  let done = 0
  onProgress({ done, total })

  for (let offset = 0, limit = FIRST_PAGE_SIZE; ;) {
    const page = await source.page(offset, limit)
    const linked = page.map((document) => linkedAttachmentPaths(document.body, supabaseUrl))
    const toDownload = [...new Set(linked.flat())].filter((path) => !written.has(path))
    const take = downloadAhead(toDownload, (path) => source.attachment(path))
    for (const [at, document] of page.entries()) {
      const stem = stemFor(document.title)
      for (const path of linked[at]!) {
        // An image linked again is written once, and one missing is said once.
        if (written.has(path) || missing.has(path)) continue
        const data = await take(path)
        if (!data) {
          missing.add(path)
          continue
        }
        const entry = `attachments/${stem}/${path.split('/').at(-1) ?? 'image'}`
        // Images are compressed already; storing them is faster and no bigger.
        const file = new ZipPassThrough(entry)
        zip.add(file)
        file.push(data, true)
        written.set(path, entry)
      }
      const body = rewriteStorageLinks(document.body, supabaseUrl, (path) => {
        const entry = written.get(path)
        return entry ? relativeLink(entry) : undefined
      })
      const file = new ZipDeflate(`${stem}.md`, { level: 6 })
      zip.add(file)
      file.push(strToU8(toMarkdownFile({ ...document, body })), true)
      done += 1
    }
    onProgress({ done, total: Math.max(total, done) })
    if (page.length < limit) break
    offset += page.length
    const characters = page.reduce((sum, document) => sum + document.body.length, 0)
    const fit = Math.floor(EXPORT_PAGE_CHARACTERS / Math.max(1, characters / page.length))
    limit = Math.max(1, Math.min(EXPORT_PAGE_SIZE, fit))
  }
  zip.end()
  if (failure) throw failure
  return {
    zip: new Blob(chunks as BlobPart[], { type: 'application/zip' }),
    documents: done,
    attachments: written.size,
    missing: [...missing].map((path) => attachmentUrl(supabaseUrl, path)),
  }
}
