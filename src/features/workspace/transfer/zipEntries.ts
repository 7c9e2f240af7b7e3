/**
 * A zip someone chose, read without trusting it: what each entry says it unpacks to is known
 * before anything is inflated, and an entry is inflated only when asked, a slice at a time,
 * stopping the moment it gives more than it said.
 *
 * fflate's unzipSync cannot do this. Its filter sees an entry's declared size, but it then
 * inflates into a buffer of that size and does not check the claim: an entry that unpacks to
 * more goes on being inflated to the end, the excess silently dropped (64 MB of zeros behind a
 * 1 KB claim costs as long as unpacking 64 MB, and the first 1 KB is returned as if whole), and
 * one damaged entry throws away the whole archive. So the central directory is read here, and
 * fflate only inflates.
 */
import { Inflate, strFromU8 } from 'fflate'

export interface ZipEntry {
  path: string
  /** What the archive says the entry unpacks to: a claim, held to by `unpackEntry`. */
  declaredSize: number
  compression: number
  compressedSize: number
  localHeaderOffset: number
}

export type Unpacked =
  | { ok: true; data: Uint8Array }
  /** `overflows`: it unpacks to more than it declared, as a zip bomb does to hide its size. */
  | { ok: false; problem: 'damaged' | 'overflows' }

const END_OF_CENTRAL_DIRECTORY = 0x06054b50
const ZIP64_END_LOCATOR = 0x07064b50
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50
const CENTRAL_DIRECTORY_HEADER = 0x02014b50
const LOCAL_FILE_HEADER = 0x04034b50
const STORED = 0
const DEFLATED = 8
/** A 32-bit field at its largest: the real value is in the entry's zip64 extra field. */
const IN_ZIP64_FIELD = 0xffffffff
const UTF8_NAMES = 0x800

/**
 * Compressed bytes handed to the inflater at once. Deflate unpacks at most 1032 bytes per byte,
 * so one slice gives at most about 17 MB: an entry that lies about its size is caught having
 * unpacked at most that much past its claim. Smaller slices cost more time per megabyte.
 */
const INFLATE_SLICE_BYTES = 16 * 1024

/**
 * The most entries a zip may list. Its directory says how many before any is read, and each
 * costs the tab time and memory however small it is: a 60 MB zip can list a million empty
 * notes (15 s and 1.6 GB to read, measured). A Folio export lists one per document and image.
 */
export const MAX_ZIP_ENTRIES = 20_000

/** A zip listing more than MAX_ZIP_ENTRIES entries: refused before its directory is read. */
export class TooManyZipEntries extends Error {}

/** Little-endian reads that throw past the zip's end (DataView checks), so a cut zip fails loudly. */
function reader(zip: Uint8Array) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  const u16 = (at: number) => view.getUint16(at, true)
  const u32 = (at: number) => view.getUint32(at, true)
  const u64 = (at: number) => u32(at) + u32(at + 4) * 2 ** 32
  return { u16, u32, u64 }
}

/**
 * Every entry of the zip's central directory, by path; throws when it is not a zip, and
 * TooManyZipEntries when it lists more than it may.
 */
export function zipEntries(zip: Uint8Array): Map<string, ZipEntry> {
  const { u16, u32, u64 } = reader(zip)
  // The end record is last, followed only by a comment of at most 65,535 bytes.
  let end = zip.length - 22
  while (u32(end) !== END_OF_CENTRAL_DIRECTORY) {
    end -= 1
    if (zip.length - end > 22 + 0xffff) throw new Error('no end of central directory')
  }
  let count = u16(end + 10)
  let at = u32(end + 16)
  if (end >= 20 && u32(end - 20) === ZIP64_END_LOCATOR) {
    const zip64End = u64(end - 12)
    if (u32(zip64End) === ZIP64_END_OF_CENTRAL_DIRECTORY) {
      count = u64(zip64End + 32)
      at = u64(zip64End + 48)
    }
  }
  if (count > MAX_ZIP_ENTRIES) throw new TooManyZipEntries()
  const entries = new Map<string, ZipEntry>()
  for (let index = 0; index < count; index += 1) {
    if (u32(at) !== CENTRAL_DIRECTORY_HEADER) throw new Error('damaged central directory')
    const nameLength = u16(at + 28)
    const extraStart = at + 46 + nameLength
    const extraEnd = extraStart + u16(at + 30)
    const entry: ZipEntry = {
      path: strFromU8(zip.subarray(at + 46, extraStart), !(u16(at + 8) & UTF8_NAMES)),
      compression: u16(at + 10),
      compressedSize: u32(at + 20),
      declaredSize: u32(at + 24),
      localHeaderOffset: u32(at + 42),
    }
    // Zip64: the fields too large for 32 bits are in extra field 1, in this order.
    for (let extra = extraStart; extra + 4 <= extraEnd; extra += 4 + u16(extra + 2)) {
      if (u16(extra) !== 1) continue
      let field = extra + 4
      for (const key of ['declaredSize', 'compressedSize', 'localHeaderOffset'] as const) {
        if (entry[key] !== IN_ZIP64_FIELD) continue
        entry[key] = u64(field)
        field += 8
      }
    }
    entries.set(entry.path, entry)
    at = extraEnd + u16(at + 32)
  }
  return entries
}

/**
 * The entry's bytes, or why not: never more than it declared plus one slice is inflated. Its
 * buffer is allocated at the declared size, so weigh that first.
 */
export function unpackEntry(zip: Uint8Array, entry: ZipEntry): Unpacked {
  const damaged = { ok: false, problem: 'damaged' } as const
  let compressed: Uint8Array
  try {
    const { u16, u32 } = reader(zip)
    const header = entry.localHeaderOffset
    if (u32(header) !== LOCAL_FILE_HEADER) return damaged
    const start = header + 30 + u16(header + 26) + u16(header + 28)
    if (start + entry.compressedSize > zip.length) return damaged
    compressed = zip.subarray(start, start + entry.compressedSize)
  } catch {
    return damaged
  }
  if (entry.compression === STORED) {
    return compressed.length === entry.declaredSize
      ? { ok: true, data: compressed.slice() }
      : damaged
  }
  if (entry.compression !== DEFLATED) return damaged

  const data = new Uint8Array(entry.declaredSize)
  let size = 0
  const inflater = new Inflate((chunk) => {
    if (size + chunk.length <= data.length) data.set(chunk, size)
    size += chunk.length
  })
  try {
    for (let at = 0; at < compressed.length; at += INFLATE_SLICE_BYTES) {
      const end = Math.min(at + INFLATE_SLICE_BYTES, compressed.length)
      inflater.push(compressed.subarray(at, end), end === compressed.length)
      if (size > entry.declaredSize) return { ok: false, problem: 'overflows' }
    }
  } catch {
    return damaged
  }
  return size === entry.declaredSize ? { ok: true, data } : damaged
}
