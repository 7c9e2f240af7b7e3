/**
 * An import holds what it reads in the tab's memory until it is written, so a hostile file must
 * not get to unpack more than the import can take: a chosen file is weighed before it is read,
 * a zip entry by the size it declares before it is inflated, and while inflating by what it
 * really gives. The zips here are small; their headers are edited to claim what a bomb would.
 */
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it, vi } from 'vitest'
import { MAX_ATTACHMENT_BYTES } from '../../../../src/features/workspace/attachments.ts'
import { MAX_DOCUMENT_BYTES } from '../../../../src/features/workspace/documentLimits.ts'
import {
  MAX_IMPORT_BYTES,
  MAX_IMPORT_DOCUMENTS,
  MAX_MARKDOWN_FILE_BYTES,
  readImportFiles,
} from '../../../../src/features/workspace/transfer/readImport.ts'
import { MAX_ZIP_ENTRIES } from '../../../../src/features/workspace/transfer/zipEntries.ts'

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])

const asFile = (name: string, data: Uint8Array) => ({
  name,
  size: data.length,
  arrayBuffer: async () => data.slice().buffer,
})

/** The headers of `path` in a zip fflate wrote: its central directory record, its local header. */
function headers(zip: Uint8Array, path: string) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  const name = strToU8(path)
  for (let at = 0; at + 46 <= zip.length; at += 1) {
    if (view.getUint32(at, true) !== 0x02014b50) continue
    const found = zip.subarray(at + 46, at + 46 + view.getUint16(at + 28, true))
    if (found.length !== name.length || found.some((byte, i) => byte !== name[i])) continue
    const local = view.getUint32(at + 42, true)
    const data = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true)
    return { view, central: at, local, data, compressedSize: view.getUint32(at + 20, true) }
  }
  throw new Error(`${path} is not in the zip`)
}

/** `path` claims to unpack to `size` bytes, in both its headers, whatever it really holds. */
function declareSize(zip: Uint8Array, path: string, size: number): Uint8Array {
  const copy = zip.slice()
  const { view, central, local } = headers(copy, path)
  view.setUint32(central + 24, size, true)
  view.setUint32(local + 22, size, true)
  return copy
}

/** `path`'s compressed data becomes bytes no inflater accepts: unpacking it would fail. */
function spoil(zip: Uint8Array, path: string): Uint8Array {
  const copy = zip.slice()
  const { data, compressedSize } = headers(copy, path)
  copy.fill(0xff, data, data + compressedSize)
  return copy
}

const unreadable = (name: string, size: number) => ({
  name,
  size,
  arrayBuffer: vi.fn(async (): Promise<ArrayBuffer> => {
    throw new Error('read')
  }),
})

describe('import limits', () => {
  it('refuses a chosen file too large to import without reading it', async () => {
    const zip = unreadable('huge.zip', MAX_IMPORT_BYTES + 1)
    const markdown = unreadable('long.md', MAX_MARKDOWN_FILE_BYTES + 1)
    const selection = await readImportFiles([zip, markdown])
    expect(selection.problems).toEqual([
      '“huge.zip” is larger than 200 MB, the most Folio imports at once. Split it into smaller zips.',
      '“long.md” is larger than 1 MB, the most one document can hold.',
    ])
    expect(zip.arrayBuffer).not.toHaveBeenCalled()
    expect(markdown.arrayBuffer).not.toHaveBeenCalled()
  })

  it('stops taking files once the import would hold more than it may', async () => {
    const note = (index: number) => ({
      name: `${index}.md`,
      size: MAX_DOCUMENT_BYTES,
      arrayBuffer: async () => strToU8(`# ${index}`).buffer as ArrayBuffer,
    })
    const count = MAX_IMPORT_BYTES / MAX_DOCUMENT_BYTES
    const selection = await readImportFiles(Array.from({ length: count + 1 }, (_, i) => note(i)))
    expect(selection.documents).toHaveLength(count)
    expect(selection.problems).toEqual([
      `“${count}.md” would take this import past 200 MB, the most Folio imports at once, so nothing in it is imported. Split it into smaller zips, or import fewer files at a time.`,
    ])
  })

  it('unpacks nothing the import leaves out', async () => {
    let zip: Uint8Array = zipSync({
      'notes/one.md': strToU8('# One\n\n![x](../img/x.png)'),
      'img/x.png': PNG,
      'img/unused.png': PNG,
      'data.bin': strToU8('binary '.repeat(100)),
      '__MACOSX/notes/._one.md': strToU8('resource fork '.repeat(100)),
      'notes/.obsidian/app.json': strToU8('{"theme": "dark"} '.repeat(100)),
    })
    for (const ignored of ['img/unused.png', 'data.bin', '__MACOSX/notes/._one.md']) {
      zip = declareSize(spoil(zip, ignored), ignored, 0xfffffff0)
    }
    zip = spoil(zip, 'notes/.obsidian/app.json')
    const selection = await readImportFiles([asFile('vault.zip', zip)])
    expect(selection.problems).toEqual([])
    expect(selection.documents.map((document) => document.title)).toEqual(['One'])
    expect(selection.documents[0]!.images.map((image) => image.data)).toEqual([PNG])
  })

  it('refuses an entry by the size it declares, before unpacking it', async () => {
    let zip: Uint8Array = zipSync({
      'big.md': strToU8('# Big'),
      'pic.md': strToU8('# Pic\n\n![huge](huge.png)'),
      'huge.png': PNG,
      'fine.md': strToU8('# Fine'),
    })
    zip = declareSize(spoil(zip, 'big.md'), 'big.md', MAX_MARKDOWN_FILE_BYTES + 1)
    zip = declareSize(spoil(zip, 'huge.png'), 'huge.png', MAX_ATTACHMENT_BYTES + 1)
    const selection = await readImportFiles([asFile('export.zip', zip)])
    expect(selection.problems).toEqual([
      '“export.zip › big.md” is larger than 1 MB, the most one document can hold.',
      '“export.zip › huge.png” is larger than 10 MB, the most an image can be.',
    ])
    expect(selection.documents.map(({ title, images }) => [title, images.length])).toEqual([
      ['Fine', 0],
      ['Pic', 0],
    ])
  })

  it('refuses a zip whose entries declare more than one import can hold, unpacking none', async () => {
    // Each note alone is within a document's limit; together they claim more than 200 MB.
    const count = MAX_IMPORT_BYTES / MAX_DOCUMENT_BYTES + 1
    const names = Array.from({ length: count }, (_, index) => `${index}.md`)
    let zip: Uint8Array = zipSync(
      Object.fromEntries(names.map((name) => [name, strToU8(`# ${name}`)])),
    )
    for (const name of names) zip = declareSize(spoil(zip, name), name, MAX_DOCUMENT_BYTES)
    const selection = await readImportFiles([asFile('bomb.zip', zip)])
    expect(selection).toEqual({
      documents: [],
      problems: [
        '“bomb.zip” would take this import past 200 MB, the most Folio imports at once, so nothing in it is imported. Split it into smaller zips, or import fewer files at a time.',
      ],
    })
  })

  it('refuses a zip with an entry that unpacks to more than it declares', async () => {
    // 2 MB of text behind a claim of 1 KB: trusting the claim would import 1 KB of it silently.
    const liar = strToU8('a'.repeat(2_000_000))
    const zip = declareSize(zipSync({ 'ok.md': strToU8('# Ok'), 'liar.md': liar }), 'liar.md', 1000)
    const selection = await readImportFiles([asFile('bomb.zip', zip)])
    expect(selection).toEqual({
      documents: [],
      problems: [
        '“bomb.zip” is damaged or unsafe: “liar.md” unpacks to more than the zip says it holds, so nothing in it is imported.',
      ],
    })
  })

  it('names a damaged entry and still reads the rest of the zip', async () => {
    const zip = spoil(
      zipSync({ 'good.md': strToU8('# Good'), 'broken.md': strToU8('# Broken '.repeat(20)) }),
      'broken.md',
    )
    const selection = await readImportFiles([asFile('notes.zip', zip)])
    expect(selection.problems).toEqual([
      '“notes.zip › broken.md” is damaged and could not be unpacked.',
    ])
    expect(selection.documents.map((document) => document.title)).toEqual(['Good'])
  })

  it('imports a zip whose note and image are each as large as they may be', async () => {
    const body = 'x'.repeat(MAX_DOCUMENT_BYTES - '![big](big.png)\n'.length)
    const markdown = `---\ntitle: "Full"\n---\n![big](big.png)\n${body}`
    const image = new Uint8Array(MAX_ATTACHMENT_BYTES).fill(7)
    image.set(PNG)
    const zip = zipSync({ 'full.md': strToU8(markdown), 'big.png': image })
    const selection = await readImportFiles([asFile('full.zip', zip)])
    expect(selection.problems).toEqual([])
    const [document] = selection.documents
    expect(document?.title).toBe('Full')
    expect(document?.body.length).toBe(MAX_DOCUMENT_BYTES)
    const data = document?.images[0]?.data
    // Compared by hand: a deep equality of ten million bytes takes the matcher most of a minute.
    expect(data?.length === image.length && data.every((byte, i) => byte === image[i])).toBe(true)
  })
})

describe('hostile text in an imported note', () => {
  /**
   * Patterns that make a backtracking matcher start over from each character: links and
   * frontmatter values that never close. A tenth of the largest note is enough to tell: before
   * they were scanned in one pass, each of these took the tab 10 to 60 seconds, a whole 1 MB
   * note many minutes, in which nothing on the page answered. Links are looked for in the notes
   * of a zip (their images come from it), so those are zipped.
   */
  const length = 100_000
  const zipped = (text: string) => asFile('hostile.zip', zipSync({ 'hostile.md': strToU8(text) }))
  it.each([
    ['link openings that never close', zipped(`# Links\n${']('.repeat(length / 2)}`)],
    ['a link opening that images cannot close', zipped(`](a${']()'.repeat(length / 3)}`)],
    [
      'a frontmatter title with a long run of spaces inside',
      asFile('hostile.md', strToU8(`---\ntitle: a${' '.repeat(length)}b\n---\nText`)),
    ],
    [
      'a frontmatter list with a long run of spaces inside',
      asFile('hostile.md', strToU8(`---\ntags: [a,${' '.repeat(length)}b]\n---\nText`)),
    ],
  ])('reads %s in one pass', async (_, file) => {
    const started = performance.now()
    const selection = await readImportFiles([file])
    const elapsed = performance.now() - started
    expect(selection.problems).toEqual([])
    expect(selection.documents).toHaveLength(1)
    expect(elapsed).toBeLessThan(1000)
  })
})

/**
 * A zip whose directory lists `count` notes, all pointing at the one stored note it holds, as a
 * bomb builder would write it: each listed note costs 60 bytes of zip, whatever it unpacks to.
 */
function listing(count: number): Uint8Array {
  const note = strToU8('# Note')
  const local = new Uint8Array(30 + 'n.md'.length + note.length)
  const localView = new DataView(local.buffer)
  localView.setUint32(0, 0x04034b50, true)
  localView.setUint32(18, note.length, true)
  localView.setUint32(22, note.length, true)
  localView.setUint16(26, 'n.md'.length, true)
  local.set(strToU8('n.md'), 30)
  local.set(note, 30 + 'n.md'.length)
  const records = Array.from({ length: count }, (_, index) => {
    const name = strToU8(`note-${index}.md`)
    const record = new Uint8Array(46 + name.length)
    const view = new DataView(record.buffer)
    view.setUint32(0, 0x02014b50, true)
    view.setUint32(20, note.length, true)
    view.setUint32(24, note.length, true)
    view.setUint16(28, name.length, true)
    record.set(name, 46)
    return record
  })
  const directorySize = records.reduce((sum, record) => sum + record.length, 0)
  const end = new Uint8Array(22)
  const endView = new DataView(end.buffer)
  endView.setUint32(0, 0x06054b50, true)
  endView.setUint16(8, count, true)
  endView.setUint16(10, count, true)
  endView.setUint32(12, directorySize, true)
  endView.setUint32(16, local.length, true)
  const zip = new Uint8Array(local.length + directorySize + end.length)
  let at = 0
  for (const part of [local, ...records, end]) {
    zip.set(part, at)
    at += part.length
  }
  return zip
}

describe('how many files an import takes', () => {
  it('refuses a zip that lists more files than it may, reading none of them', async () => {
    // 65,535, the most a zip lists without zip64, in 3.6 MB: before there was a limit, 65,535
    // documents to import (a million, in 60 MB, held the tab 15 s and then broke the dialog).
    const zip = listing(0xffff)
    const started = performance.now()
    const selection = await readImportFiles([asFile('many.zip', zip)])
    expect(performance.now() - started).toBeLessThan(1000)
    expect(selection.documents).toEqual([])
    expect(selection.problems).toEqual([
      `“many.zip” holds more than ${MAX_ZIP_ENTRIES.toLocaleString('en-US')} files, the most Folio reads from one zip, so nothing in it is imported. Split it into smaller zips.`,
    ])
  })

  it('reads a zip of as many documents as one import creates', async () => {
    const selection = await readImportFiles([asFile('full.zip', listing(MAX_IMPORT_DOCUMENTS))])
    expect(selection.problems).toEqual([])
    expect(selection.documents).toHaveLength(MAX_IMPORT_DOCUMENTS)
  })

  it('stops taking documents at the most one import creates', async () => {
    const half = MAX_IMPORT_DOCUMENTS / 2
    const selection = await readImportFiles([
      asFile('first.zip', listing(half)),
      asFile('second.zip', listing(half)),
      asFile('third.zip', listing(1)),
      asFile('one more.md', strToU8('# One more')),
    ])
    expect(selection.documents).toHaveLength(MAX_IMPORT_DOCUMENTS)
    const limit = MAX_IMPORT_DOCUMENTS.toLocaleString('en-US')
    expect(selection.problems).toEqual([
      `“third.zip” would take this import past ${limit} documents, the most Folio imports at once, so nothing in it is imported. Import fewer files at a time.`,
      `“one more.md” would take this import past ${limit} documents, the most Folio imports at once. Import fewer files at a time.`,
    ])
  })
})
