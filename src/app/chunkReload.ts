import { saysChunkFailed } from '../lib/loadFailureWordings'

/**
 * A page chunk that fails to load usually means the tab runs an old build whose files were
 * replaced by a deploy. A full page load of the target route fetches the new build. To avoid a
 * reload loop when the chunk is really gone (or the network is down), we reload at most once per
 * route within a 10 s window (docs/product.md); after that the error screen shows.
 */
export const RELOAD_WINDOW_MS = 10_000
const STORAGE_PREFIX = 'folio:chunk-reload:'

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && saysChunkFailed(error.message)
}

interface KeyValueStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

/** Records the attempt and says whether a reload should happen now. */
export function claimReload(storage: KeyValueStore, target: string, now: number): boolean {
  const key = STORAGE_PREFIX + target
  const previous = Number(storage.getItem(key) ?? 0)
  if (previous && now - previous < RELOAD_WINDOW_MS) return false
  storage.setItem(key, String(now))
  return true
}

/**
 * Wraps a lazy page import: on a chunk-load failure in the browser, reload to `target` once.
 * The returned promise never settles while the browser is leaving the page.
 */
export function withChunkReload<T>(importer: () => Promise<T>, target: string): () => Promise<T> {
  return async () => {
    try {
      return await importer()
    } catch (error) {
      // Offline, a reload would only trade the page for the browser's own offline page: the
      // error screen says what happened instead, and the page stays.
      if (
        typeof window !== 'undefined' &&
        isChunkLoadError(error) &&
        window.navigator.onLine !== false
      ) {
        let allowed = false
        try {
          allowed = claimReload(window.sessionStorage, target, Date.now())
        } catch {
          allowed = false
        }
        if (allowed) {
          window.location.assign(target)
          return new Promise<T>(() => {})
        }
      }
      throw error
    }
  }
}
