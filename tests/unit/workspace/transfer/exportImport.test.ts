/**
 * Export and import without a browser: the zip the export builds (fflate), read back by the
 * import, gives the same documents; bad files are named; plan limits are said up front.
 */
import { strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { attachmentUrl } from '../../../../src/features/workspace/attachments.ts'
import {
  ATTACHMENTS_AT_ONCE,
  buildExportZip,
  type ExportSource,
  type ExportedDocument,
} from '../../../../src/features/workspace/transfer/exportZip.ts'
import { importLimits } from '../../../../src/features/workspace/transfer/importLimits.ts'
import {
  imageBytes,
  readImportFiles,
} from '../../../../src/features/workspace/transfer/readImport.ts'

const BACKEND = 'http://127.0.0.1:54321'
const USER = '11111111-1111-4111-8111-111111111111'
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])

function documents(count: number): ExportedDocument[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    title: index % 2 ? 'Same title' : `Note ${index}`,
    body: `# Note ${index}\n\nBody ${index} with \`code\`.\n`,
    created_at: '2026-11-01T00:00:00+00:00',
    updated_at: '2026-11-02T00:00:00+00:00',
  }))
}

function source(rows: ExportedDocument[], objects: Record<string, Uint8Array> = {}): ExportSource {
  return {
    count: async () => rows.length,
    page: async (offset, limit) => rows.slice(offset, offset + limit),
    attachment: async (path) => objects[path] ?? null,
  }
}

const asFile = (name: string, data: Uint8Array) => ({
  name,
  size: data.length,
  arrayBuffer: async () => data.slice().buffer,
})

describe('export', () => {
  it('asks for pages of a size the notes fit in, not 100 notes near the 1 MB limit at once', async () => {
    const rows = documents(60).map((row, index) => ({
      ...row,
      body: `${index}\n${'x'.repeat(900_000)}`,
    }))
    const pages: number[] = []
    const result = await buildExportZip(
      {
        ...source(rows),
        page: async (offset, limit) => {
          const page = rows.slice(offset, offset + limit)
          pages.push(page.reduce((sum, row) => sum + row.body.length, 0))
          return page
        },
      },
      BACKEND,
    )
    expect(result.documents).toBe(60)
    // Before, one page of all 60: 54 MB of text in one answer.
    expect(Math.max(...pages)).toBeLessThanOrEqual(10 * 1_000_000)
  })

  it('downloads a few images at a time, ahead of the one it writes, and writes them in order', async () => {
    const rows = documents(20).map((row, index) => ({
      ...row,
      body: `![shot](${attachmentUrl(BACKEND, `${USER}/doc/shot-${index}.png`)})\n`,
    }))
    let inFlight = 0
    let mostInFlight = 0
    const result = await buildExportZip(
      {
        ...source(rows),
        attachment: async (path) => {
          inFlight += 1
          mostInFlight = Math.max(mostInFlight, inFlight)
          await new Promise((resolve) => setTimeout(resolve, 5))
          inFlight -= 1
          return path.endsWith('shot-3.png')
            ? null
            : new Uint8Array([...PNG, Number(/\d+/.exec(path.split('shot-')[1]!)![0])])
        },
      },
      BACKEND,
    )
    // Before, one at a time: 20 round trips end to end.
    expect(mostInFlight).toBe(ATTACHMENTS_AT_ONCE)
    expect(result.attachments).toBe(19)
    expect(result.missing).toEqual([attachmentUrl(BACKEND, `${USER}/doc/shot-3.png`)])
    const entries = unzipSync(new Uint8Array(await result.zip.arrayBuffer()))
    for (const index of [0, 8, 18])
      expect(entries[`attachments/Note ${index}/shot-${index}.png`]?.at(-1)).toBe(index)
  })

  it('names an image missing from storage once, however many notes link to it', async () => {
    const gone = attachmentUrl(BACKEND, `${USER}/doc/gone.png`)
    const rows = documents(3).map((row) => ({ ...row, body: `![gone](${gone})\n` }))
    const result = await buildExportZip(source(rows), BACKEND)
    // Before, once per note: "3 linked images could not be found".
    expect(result.missing).toEqual([gone])
  })

  it('reads short notes in pages of 100', async () => {
    const asked: number[] = []
    const rows = documents(500)
    await buildExportZip(
      {
        ...source(rows),
        page: async (offset, limit) => {
          asked.push(limit)
          return rows.slice(offset, offset + limit)
        },
      },
      BACKEND,
    )
    expect(asked).toEqual([10, 100, 100, 100, 100, 100])
  })

  it('writes 1,000 documents with unique names, reporting progress page by page', async () => {
    const rows = documents(1000)
    const progress: number[] = []
    const result = await buildExportZip(source(rows), BACKEND, ({ done }) => progress.push(done))
    expect(result.documents).toBe(1000)
    expect(progress.at(-1)).toBe(1000)
    expect(progress.length).toBeGreaterThan(5)
    const entries = unzipSync(new Uint8Array(await result.zip.arrayBuffer()))
    const names = Object.keys(entries)
    expect(names).toHaveLength(1000)
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(1000)
    expect(names).toContain('Same title.md')
    expect(names).toContain('Same title (2).md')
  })

  it('puts linked images in attachments/ and rewrites the links to relative paths', async () => {
    const path = `${USER}/doc-1/ab12cd34-my diagram.png`
    const url = attachmentUrl(BACKEND, path)
    const rows = [
      {
        ...documents(1)[0]!,
        title: 'With image',
        body: `![diagram](${url})\n\n![gone](${attachmentUrl(BACKEND, `${USER}/doc-1/missing.png`)})\n[elsewhere](https://example.com/x.png)\n`,
      },
    ]
    const result = await buildExportZip(source(rows, { [path]: PNG }), BACKEND)
    const entries = unzipSync(new Uint8Array(await result.zip.arrayBuffer()))
    expect(entries['attachments/With image/ab12cd34-my diagram.png']).toEqual(PNG)
    const markdown = new TextDecoder().decode(entries['With image.md'])
    expect(markdown).toContain('![diagram](attachments/With%20image/ab12cd34-my%20diagram.png)')
    expect(markdown).toContain('[elsewhere](https://example.com/x.png)')
    expect(result.missing).toHaveLength(1)
  })
})

describe('import', () => {
  it('reads an export back into the same titles and bodies, with its images', async () => {
    const path = `${USER}/doc-1/ab12cd34-shot.png`
    const rows = [
      ...documents(3),
      { ...documents(1)[0]!, title: 'Pic', body: `See ![shot](${attachmentUrl(BACKEND, path)})\n` },
    ]
    const { zip } = await buildExportZip(source(rows, { [path]: PNG }), BACKEND)
    const selection = await readImportFiles([
      asFile('folio-export.zip', new Uint8Array(await zip.arrayBuffer())),
    ])
    expect(selection.problems).toEqual([])
    const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title)
    expect(
      selection.documents
        .filter((document) => document.title !== 'Pic')
        .map(({ title, body }) => ({ title, body }))
        .sort(byTitle),
    ).toEqual(
      rows
        .slice(0, 3)
        .map(({ title, body }) => ({ title, body }))
        .sort(byTitle),
    )
    const picture = selection.documents.find((document) => document.title === 'Pic')!
    expect(picture.images).toEqual([
      {
        zipPath: 'attachments/Pic/ab12cd34-shot.png',
        name: 'ab12cd34-shot.png',
        type: 'image/png',
        data: PNG,
      },
    ])
  })

  it('brings back the images of a note whose title has parentheses', async () => {
    // Its folder in the export is `attachments/Plan (draft)/`, written unescaped in the link.
    const path = `${USER}/doc-1/ab12cd34-shot.png`
    const rows = [
      {
        ...documents(1)[0]!,
        title: 'Plan (draft)',
        body: `![shot](${attachmentUrl(BACKEND, path)})`,
      },
    ]
    const { zip } = await buildExportZip(source(rows, { [path]: PNG }), BACKEND)
    const selection = await readImportFiles([
      asFile('folio-export.zip', new Uint8Array(await zip.arrayBuffer())),
    ])
    expect(selection.documents[0]?.images.map((image) => image.zipPath)).toEqual([
      'attachments/Plan (draft)/ab12cd34-shot.png',
    ])
  })

  it('gives every note a title the database takes: whole characters, at most 200', async () => {
    // Postgres refuses half a surrogate pair (22P02) and NUL (22P05) in JSON, on PGlite and
    // PostgreSQL alike, and with them the one insert that holds every document of the import.
    const file = (name: string, text: string) => asFile(name, new TextEncoder().encode(text))
    const emoji = '\u{1F600}'
    const selection = await readImportFiles([
      file('escaped.md', '---\ntitle: "\\ud83d half"\n---\nText'),
      file('nul.md', '---\ntitle: "a\\u0000b"\n---\nText'),
      file('cut.md', `---\ntitle: ${'a'.repeat(199)}${emoji}${emoji}\n---\nText`),
      file('heading.md', `# ${'word '.repeat(39)}wor${emoji}${emoji} tail`),
    ])
    const titles = selection.documents.map((document) => document.title)
    expect(titles).toEqual([
      '\ufffd half',
      'a\ufffdb',
      `${'a'.repeat(199)}${emoji}`,
      `${'word '.repeat(39).trimEnd()}…`,
    ])
  })

  it('takes a folder of markdown from elsewhere, with relative images', async () => {
    const zip = zipSync({
      'notes/one.md': strToU8('# First note\n\n![x](../img/x.png)'),
      'notes/two.markdown': strToU8('no heading'),
      'img/x.png': PNG,
      '__MACOSX/notes/._one.md': strToU8('\u0000junk'),
      'notes/.DS_Store': strToU8('junk'),
    })
    const selection = await readImportFiles([asFile('vault.zip', zip)])
    expect(selection.problems).toEqual([])
    expect(selection.documents.map((document) => document.title)).toEqual(['First note', 'two'])
    expect(selection.documents[0]!.images.map((image) => image.zipPath)).toEqual(['img/x.png'])
  })

  it('recognises a zip saved without its extension', async () => {
    const zip = zipSync({ 'a.md': strToU8('# A') })
    const selection = await readImportFiles([asFile('3f2c9a1e-download', zip)])
    expect(selection).toEqual({
      documents: [
        { source: '3f2c9a1e-download › a.md', path: 'a.md', title: 'A', body: '# A', images: [] },
      ],
      problems: [],
    })
  })

  it('names every bad file', async () => {
    const huge = strToU8(`# Big\n${'x'.repeat(1_000_001)}`)
    const selection = await readImportFiles([
      asFile('good.md', strToU8('# Fine')),
      asFile('report.pdf', strToU8('%PDF')),
      asFile('binary.md', new Uint8Array([0xff, 0xfe, 0x00, 0x41])),
      asFile('broken.zip', strToU8('not a zip')),
      asFile('empty.zip', zipSync({ 'a.txt': strToU8('x') })),
      asFile('big.md', huge),
    ])
    expect(selection.problems).toEqual([
      '“report.pdf” is not a markdown file (.md) or a zip of them.',
      '“binary.md” is not a text file (markdown must be UTF-8 text).',
      '“broken.zip” could not be opened as a zip file.',
      '“empty.zip” holds no markdown (.md) files.',
      '“big.md” is larger than 1 MB, the most one document can hold.',
    ])
  })

  it('explains the Free plan before anything is written', () => {
    expect(importLimits('free', 1, 2, 0)).toEqual({ blocked: null, notes: [] })
    expect(importLimits('free', 1, 3, 0).blocked).toBe(
      'The Free plan holds 3 documents. You have 1, and these files would add 3. Choose at most 2, or go Pro for unlimited documents.',
    )
    expect(importLimits('free', 3, 1, 0).blocked).toContain(
      'Delete one to make room, or go Pro for unlimited documents.',
    )
    expect(importLimits('free', 3, 3, 0).blocked).toContain('Delete 3 to make room')
    // More files than the plan holds at all: deleting cannot make room for them.
    expect(importLimits('free', 3, 5, 0).blocked).toMatch(
      /add 5\. Go Pro for unlimited documents\.$/,
    )
    expect(importLimits('free', 0, 1, 2).notes).toEqual([
      'Images are part of Folio Pro: the 2 images these files link to will not be uploaded, and their links stay in the text as they are.',
    ])
    expect(importLimits('pro', 500, 1000, 40)).toEqual({ blocked: null, notes: [] })
  })
  it('holds a Pro import to what it may upload, each document counting its own copies', async () => {
    // A 2 MB zip: one 2 MB image (stored, incompressible) linked from 101 notes, which a Pro
    // import would upload 101 times, 202 MB, for each document keeps its own copy.
    const image = new Uint8Array(2_000_000).map((_, i) => (i * 7919) % 251)
    image.set(PNG)
    const notes = Object.fromEntries(
      Array.from({ length: 101 }, (_, i) => [
        `note-${i}.md`,
        strToU8(`# Note ${i}\n![x](shot.png)`),
      ]),
    )
    const zip = zipSync({ ...notes, 'shot.png': [image, { level: 0 }] })
    expect(zip.length).toBeLessThan(2_100_000)
    const selection = await readImportFiles([asFile('copies.zip', zip)])
    expect(selection.problems).toEqual([])
    const bytes = imageBytes(selection.documents)
    expect(bytes).toBe(101 * image.length)
    expect(importLimits('pro', 0, 101, 101, bytes).blocked).toBe(
      'These files link to 202 MB of images, counting an image again for each document that links to it (each keeps its own copy). Folio uploads at most 200 MB in one import: import fewer files at a time.',
    )
    // One note fewer is within the limit.
    expect(importLimits('pro', 0, 100, 100, 100 * image.length).blocked).toBeNull()
  })
})
