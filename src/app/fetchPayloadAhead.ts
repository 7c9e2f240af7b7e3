/**
 * In the browser vite-react-ssg gives every page a loader that reads its payload (the shell and
 * the layouts have none: pageDataRouter.ts): the payload manifest, then the page's own payload
 * file, each fetched on the first move inside the site that runs the loader. The prerendered
 * page's hydration data has no entry for the page's own route, and a change of the query alone
 * (the dashboard opening a document, ?doc=, or the sign-in page's modes, ?mode=) runs it again. Offline, those fetches failed
 * and the error screen ("Failed to fetch") took the place of the page. A page that moves by
 * query calls this once it is up, while the network is there: both are then in hand, kept where
 * vite-react-ssg keeps what it read (node_modules/vite-react-ssg/dist/index.mjs,
 * transformStaticLoaderRoute), and such a move fetches nothing.
 */
import type { SsgWindow } from './ssgState'

interface PayloadWindow extends SsgWindow {
  __VITE_REACT_SSG_STATIC_LOADER_MANIFEST__?: Record<string, string>
  __VITE_REACT_SSG_STATIC_LOADER_DATA__?: Record<string, unknown>
}

async function readJson<T>(path: string): Promise<T | null> {
  const response = await fetch(`${import.meta.env.BASE_URL}${path}`)
  return response.ok ? ((await response.json()) as T) : null
}

async function fetchAhead(page: PayloadWindow, pathname: string, hash: string): Promise<void> {
  const manifest =
    page.__VITE_REACT_SSG_STATIC_LOADER_MANIFEST__ ??
    (await readJson<Record<string, string>>(`static-loader-data-manifest-${hash}.json`))
  if (!manifest) return
  page.__VITE_REACT_SSG_STATIC_LOADER_MANIFEST__ ??= manifest
  const file = manifest[pathname]
  const read = page.__VITE_REACT_SSG_STATIC_LOADER_DATA__ ?? {}
  if (!file || read[pathname]) return
  const payload = await readJson<unknown>(file)
  if (!payload) return
  // A loader may have read either meanwhile; every copy is the same file.
  page.__VITE_REACT_SSG_STATIC_LOADER_DATA__ = {
    [pathname]: payload,
    ...page.__VITE_REACT_SSG_STATIC_LOADER_DATA__,
  }
}

/** The payload of `pathname` (by default this page's), fetched while the network is there. */
export function fetchPayloadAhead(pathname = window.location.pathname): void {
  const page = window as PayloadWindow
  const hash = page.__VITE_REACT_SSG_HASH__
  if (!hash) return
  fetchAhead(page, pathname.replace(/(.)\/$/, '$1'), hash).catch(() => {
    // Offline already: the next move inside the site reads them, as it always did.
  })
}
