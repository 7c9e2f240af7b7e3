/**
 * Turns dropped or chosen files into the documents an import would create, before anything is
 * written: `.md` files, or zips of them (an export of ours, or a folder of markdown from
 * elsewhere) with the images they link to relatively. Every file that cannot be used is
 * named, so the person can fix it; one bad file means nothing is imported.
 */
import { ATTACHMENT_TYPES, MAX_ATTACHMENT_BYTES } from '../attachments'
import { MAX_DOCUMENT_BYTES, MAX_TITLE_LENGTH, formatBytes } from '../documentLimits'
import { relativeLinkTargets } from './attachmentLinks'
import { MAX_IMPORT_BYTES } from './importLimits'
import { parseMarkdownFile } from './markdownFile'
import {
  MAX_ZIP_ENTRIES,
  TooManyZipEntries,
  type ZipEntry,
  unpackEntry,
  zipEntries,
} from './zipEntries'

/**
 * The largest markdown file that can still fit in a document: the body's limit, with room for
 * a frontmatter block (ours is a few hundred bytes; other tools add tags and aliases). A larger
 * file is refused before it is read, with the same sentence as a body over the limit.
 */
export const MAX_MARKDOWN_FILE_BYTES = MAX_DOCUMENT_BYTES + 64 * 1024

export { MAX_IMPORT_BYTES }

/**
 * The most documents one import creates. Each is a row of one insert and a line on the
 * dashboard: ten thousand is more notes than most workspaces hold, and reading that many takes
 * the tab a fraction of a second.
 */
export const MAX_IMPORT_DOCUMENTS = 10_000

export interface ImportImage {
  /** Its path in the zip, which the body's relative links resolve to. */
  zipPath: string
  name: string
  type: string
  data: Uint8Array
}

export interface ImportDocument {
  /** Where it came from, as the person knows it: `notes.md` or `export.zip › notes.md`. */
  source: string
  /** The markdown file's path in its zip (relative links resolve from here). */
  path: string
  title: string
  body: string
  images: ImportImage[]
}

export interface ImportSelection {
  documents: ImportDocument[]
  problems: string[]
}

export interface ImportInputFile {
  name: string
  /** In bytes, known before reading (a File's size). */
  size: number
  arrayBuffer(): Promise<ArrayBuffer>
}

const MARKDOWN = /\.(md|markdown|mdown|mkd)$/i
const IMAGE_TYPES_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
}
const bytes = new TextEncoder()

function imageType(path: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? ''
  const type = IMAGE_TYPES_BY_EXTENSION[extension]
  return type && Object.hasOwn(ATTACHMENT_TYPES, type) ? type : undefined
}

function decodeText(data: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data)
    return text.includes('\u0000') ? null : text
  } catch {
    return null
  }
}

/** A zip's local-file signature: some browsers and tools save one without its extension. */
function isZip(data: Uint8Array): boolean {
  return data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04
}

/** Folders and files an archiver adds that are not anybody's notes. */
function isArchiverNoise(path: string): boolean {
  return path.split('/').some((part) => part === '__MACOSX' || part.startsWith('.'))
}

const tooLargeForDocument = (source: string) =>
  `“${source}” is larger than ${formatBytes(MAX_DOCUMENT_BYTES)}, the most one document can hold.`

const overImportLimit = (name: string) =>
  `“${name}” would take this import past ${formatBytes(MAX_IMPORT_BYTES)}, the most Folio imports at once, so nothing in it is imported. Split it into smaller zips, or import fewer files at a time.`

const formatCount = (count: number) => count.toLocaleString('en-US')

const overDocumentLimit = (name: string, whole: boolean) =>
  `“${name}” would take this import past ${formatCount(MAX_IMPORT_DOCUMENTS)} documents, the most Folio imports at once${whole ? ', so nothing in it is imported' : ''}. Import fewer files at a time.`

function markdownDocument(
  source: string,
  path: string,
  data: Uint8Array,
  problems: string[],
): Omit<ImportDocument, 'images'> | null {
  const text = decodeText(data)
  if (text === null) {
    problems.push(`“${source}” is not a text file (markdown must be UTF-8 text).`)
    return null
  }
  const { title, body } = parseMarkdownFile(text, path)
  if (bytes.encode(body).length > MAX_DOCUMENT_BYTES) {
    problems.push(tooLargeForDocument(source))
    return null
  }
  return { source, path, title: storableTitle(title), body }
}

/**
 * What Postgres takes in no text: half of a surrogate pair on its own (`"\ud83d"` in a
 * frontmatter title, or a cut emoji; 22P02) and NUL (`"\u0000"`; 22P05).
 */
const NOT_STORABLE =
  // eslint-disable-next-line no-control-regex -- NUL is one of the characters this finds
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\u0000/g

/**
 * A title the database takes: one it refuses would fail the whole import, its one insert,
 * and the limit counts characters, not UTF-16 units, so the title is cut between whole
 * characters.
 */
function storableTitle(title: string): string {
  const characters = [...title.replace(NOT_STORABLE, '\ufffd')]
  return characters.slice(0, MAX_TITLE_LENGTH).join('').trim() || 'Untitled'
}

/** What one zip gives, and how many bytes it unpacked to give it. */
interface ZipReading extends ImportSelection {
  unpackedBytes: number
}

/** A zip refused whole: nothing in it is imported, for the reason given. */
class RefusedZip extends Error {}

const refused = (problem: string): ZipReading => ({
  documents: [],
  problems: [problem],
  unpackedBytes: 0,
})

/**
 * Takes from a zip only what the import uses, its markdown files and then the images they link
 * to, each weighed by the size it declares before it is unpacked: an entry too large for what
 * it would become is named and left out, and the rest of the zip is still read. A zip whose
 * entries together would take the import past `room` (the bytes it may still hold), or with an
 * entry that unpacks to more than it declares (how a zip bomb hides), is refused whole.
 */
function readZip(name: string, zip: Uint8Array, room: number): ZipReading {
  let entries: Map<string, ZipEntry>
  try {
    entries = zipEntries(zip)
  } catch (error) {
    return refused(
      error instanceof TooManyZipEntries
        ? `“${name}” holds more than ${formatCount(MAX_ZIP_ENTRIES)} files, the most Folio reads from one zip, so nothing in it is imported. Split it into smaller zips.`
        : `“${name}” could not be opened as a zip file.`,
    )
  }
  const reading: ZipReading = { documents: [], problems: [], unpackedBytes: 0 }

  /** Unpacks `wanted` by path, having weighed all of them first, so a bomb unpacks nothing. */
  function unpack(wanted: ZipEntry[], maxEntryBytes: number, tooLarge: (source: string) => string) {
    const fitting = wanted.filter((entry) => entry.declaredSize <= maxEntryBytes)
    const declared = fitting.reduce((sum, entry) => sum + entry.declaredSize, 0)
    if (reading.unpackedBytes + declared > room) throw new RefusedZip(overImportLimit(name))
    const unpacked = new Map<string, Uint8Array>()
    for (const entry of wanted) {
      const source = `${name} › ${entry.path}`
      if (entry.declaredSize > maxEntryBytes) {
        reading.problems.push(tooLarge(source))
        continue
      }
      const result = unpackEntry(zip, entry)
      if (result.ok) {
        unpacked.set(entry.path, result.data)
        reading.unpackedBytes += result.data.length
      } else if (result.problem === 'damaged') {
        reading.problems.push(`“${source}” is damaged and could not be unpacked.`)
      } else {
        throw new RefusedZip(
          `“${name}” is damaged or unsafe: “${entry.path}” unpacks to more than the zip says it holds, so nothing in it is imported.`,
        )
      }
    }
    return unpacked
  }

  const markdownPaths = [...entries.keys()]
    .filter((path) => MARKDOWN.test(path) && !isArchiverNoise(path))
    .sort()
  if (markdownPaths.length === 0) {
    return refused(`“${name}” holds no markdown (.md) files.`)
  }
  try {
    const markdown = unpack(
      markdownPaths.map((path) => entries.get(path) as ZipEntry),
      MAX_MARKDOWN_FILE_BYTES,
      tooLargeForDocument,
    )
    const documents = [...markdown].flatMap(([path, data]) => {
      const document = markdownDocument(`${name} › ${path}`, path, data, reading.problems)
      return document ? [{ ...document, targets: relativeLinkTargets(document.body, path) }] : []
    })
    const linkedImages = new Map<string, ZipEntry>()
    for (const target of documents.flatMap((document) => document.targets)) {
      const entry = entries.get(target)
      if (entry && imageType(target)) linkedImages.set(target, entry)
    }
    const images = unpack(
      [...linkedImages.values()],
      MAX_ATTACHMENT_BYTES,
      (source) => `“${source}” is larger than 10 MB, the most an image can be.`,
    )
    reading.documents = documents.map(({ targets, ...document }) => ({
      ...document,
      images: targets.flatMap((target) => {
        const data = images.get(target)
        const type = imageType(target)
        if (!data || !type) return []
        return [{ zipPath: target, name: target.split('/').at(-1) ?? 'image', type, data }]
      }),
    }))
    return reading
  } catch (error) {
    if (!(error instanceof RefusedZip)) throw error
    return refused(error.message)
  }
}

export async function readImportFiles(files: readonly ImportInputFile[]): Promise<ImportSelection> {
  const selection: ImportSelection = { documents: [], problems: [] }
  let heldBytes = 0
  for (const file of files) {
    const isMarkdown = MARKDOWN.test(file.name)
    if (isMarkdown && file.size > MAX_MARKDOWN_FILE_BYTES) {
      selection.problems.push(tooLargeForDocument(file.name))
      continue
    }
    if (file.size > MAX_IMPORT_BYTES) {
      selection.problems.push(
        `“${file.name}” is larger than ${formatBytes(MAX_IMPORT_BYTES)}, the most Folio imports at once. Split it into smaller zips.`,
      )
      continue
    }
    if (isMarkdown && heldBytes + file.size > MAX_IMPORT_BYTES) {
      selection.problems.push(overImportLimit(file.name))
      continue
    }
    if (isMarkdown) heldBytes += file.size
    let data: Uint8Array
    try {
      data = new Uint8Array(await file.arrayBuffer())
    } catch {
      selection.problems.push(`“${file.name}” could not be read.`)
      continue
    }
    const room = MAX_IMPORT_DOCUMENTS - selection.documents.length
    if (/\.zip$/i.test(file.name) || isZip(data)) {
      const reading = readZip(file.name, data, MAX_IMPORT_BYTES - heldBytes)
      heldBytes += reading.unpackedBytes
      if (reading.documents.length > room) {
        selection.problems.push(overDocumentLimit(file.name, true))
        continue
      }
      selection.documents.push(...reading.documents)
      selection.problems.push(...reading.problems)
    } else if (isMarkdown) {
      const document = markdownDocument(file.name, file.name, data, selection.problems)
      if (document && room < 1) selection.problems.push(overDocumentLimit(file.name, false))
      else if (document) selection.documents.push({ ...document, images: [] })
    } else selection.problems.push(`“${file.name}” is not a markdown file (.md) or a zip of them.`)
  }
  return selection
}

/** Images counted once per document that links to them (each is uploaded for its document). */
export function imageCount(documents: readonly ImportDocument[]): number {
  return documents.reduce((sum, document) => sum + document.images.length, 0)
}

/** What those uploads weigh, each image again for each document that links to it. */
export function imageBytes(documents: readonly ImportDocument[]): number {
  return documents.reduce(
    (sum, document) => sum + document.images.reduce((bytes, image) => bytes + image.data.length, 0),
    0,
  )
}
