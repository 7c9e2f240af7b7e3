/**
 * Prefetch of linked pages: 1 s after load the page chunks behind the links on screen are
 * fetched, so the next click renders at once. Skipped on slow-2g (and when the visitor asked the
 * browser to save data): there the bandwidth is better spent on what they asked for.
 */
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

export function schedulePrefetch(
  prefetchPath: (path: string) => void,
  win: Window & { navigator: Navigator & { connection?: ConnectionInfo } } = window,
): () => void {
  if (!shouldPrefetch(win.navigator.connection)) return () => {}
  const timer = win.setTimeout(() => {
    const hrefs = Array.from(
      win.document.querySelectorAll('a[href]'),
      (a) => a.getAttribute('href') ?? '',
    )
    for (const path of internalPaths(hrefs, win.location.origin)) prefetchPath(path)
  }, PREFETCH_DELAY_MS)
  return () => win.clearTimeout(timer)
}
