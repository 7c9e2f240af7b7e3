/**
 * An import holds what it reads in the tab's memory until it is written, so a hostile file must
 * not get to unpack more than the import can take: a chosen file is weighed before it is read,
 * a zip entry by the size it declares before it is inflated, and while inflating by what it
 * really gives. The zips here are small; their headers are edited to claim what a bomb would.
 */
import { strToU8 } from 'fflate'
import { describe, expect, it, vi } from 'vitest'
import { MAX_DOCUMENT_BYTES } from '../../../../src/features/workspace/documentLimits.ts'
import {
  MAX_IMPORT_BYTES,
  MAX_MARKDOWN_FILE_BYTES,
  readImportFiles,
} from '../../../../src/features/workspace/transfer/readImport.ts'

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
})
