import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Object bytes, keyed by the object's row id (a uuid) rather than its user-chosen name,
 * so no request path ever becomes a filesystem path.
 */
export interface BlobStore {
  put(id: string, bytes: Uint8Array): Promise<void>
  get(id: string): Promise<Uint8Array | undefined>
  remove(id: string): Promise<void>
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function checkedId(id: string): string {
  if (!UUID.test(id)) throw new Error(`Refusing a non-uuid object id: ${id}`)
  return id
}

export function diskBlobStore(root: string): BlobStore {
  return {
    async put(id, bytes) {
      await mkdir(root, { recursive: true })
      await writeFile(path.join(root, checkedId(id)), bytes)
    },
    async get(id) {
      try {
        return new Uint8Array(await readFile(path.join(root, checkedId(id))))
      } catch {
        return undefined
      }
    },
    async remove(id) {
      await rm(path.join(root, checkedId(id)), { force: true })
    },
  }
}

export function memoryBlobStore(): BlobStore {
  const blobs = new Map<string, Uint8Array>()
  return {
    async put(id, bytes) {
      blobs.set(id, bytes)
    },
    async get(id) {
      return blobs.get(id)
    },
    async remove(id) {
      blobs.delete(id)
    },
  }
}
