import { describe, expect, it } from 'vitest'
import { RELOAD_WINDOW_MS, claimReload, isChunkLoadError } from '../../../src/app/chunkReload.ts'

function memoryStorage() {
  const values = new Map<string, string>()
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  }
}

describe('isChunkLoadError', () => {
  it('recognises the messages browsers use for a failed dynamic import', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
  })
})

describe('claimReload', () => {
  it('allows one reload per target inside the window, and again after it', () => {
    const storage = memoryStorage()
    expect(claimReload(storage, '/blog', 1_000)).toBe(true)
    expect(claimReload(storage, '/blog', 1_000 + RELOAD_WINDOW_MS - 1)).toBe(false)
    expect(claimReload(storage, '/pricing', 2_000)).toBe(true)
    expect(claimReload(storage, '/blog', 1_000 + RELOAD_WINDOW_MS)).toBe(true)
  })
})
