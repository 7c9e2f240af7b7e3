/**
 * Prefetch of linked pages: 1 s after load the page chunks behind the links on screen are
 * fetched, so the next click renders at once. Skipped on slow-2g (and when the visitor asked the
 * browser to save data): there the bandwidth is better spent on what they asked for.
 */
import { whenIdle } from '../lib/whenIdle'

export const PREFETCH_DELAY_MS = 1000

export interface ConnectionInfo {
  effectiveType?: string
  saveData?: boolean
}

export function shouldPrefetch(connection: ConnectionInfo | undefined | null): boolean {
  if (!connection) return true
  if (connection.saveData) return false
  return connection.effectiveType !== 'slow-2g'
}

/** Same-origin paths of the given hrefs, without query and hash, deduplicated. */
export function internalPaths(hrefs: Iterable<string>, origin: string): string[] {
  const paths = new Set<string>()
  for (const href of hrefs) {
    let url: URL
    try {
      url = new URL(href, origin)
    } catch {
      continue
    }
    if (url.origin === origin) paths.add(url.pathname)
  }
  return [...paths]
}

/**
 * One linked page per idle task: starting every page's import in one task kept the main thread
 * busy for 27–60 ms on the 2-core machine, a long task Lighthouse counts as blocking time.
 */
export function schedulePrefetch(
  prefetchPath: (path: string) => void,
  win: Window & { navigator: Navigator & { connection?: ConnectionInfo } } = window,
): () => void {
  if (!shouldPrefetch(win.navigator.connection)) return () => {}
  let cancelled = false
  const timer = win.setTimeout(() => {
    const hrefs = Array.from(
      win.document.querySelectorAll('a[href]'),
      (a) => a.getAttribute('href') ?? '',
    )
    const queue = internalPaths(hrefs, win.location.origin)
    const next = () => {
      const path = queue.shift()
      if (cancelled || path === undefined) return
      prefetchPath(path)
      whenIdle(next, 1000, win)
    }
    whenIdle(next, 1000, win)
  }, PREFETCH_DELAY_MS)
  return () => {
    cancelled = true
    win.clearTimeout(timer)
  }
}
