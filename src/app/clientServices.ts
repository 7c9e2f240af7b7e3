import type { createBrowserRouter } from 'react-router-dom'
import { schedulePrefetch } from './prefetch'
import type { SsgWindow } from './ssgState'

type Router = ReturnType<typeof createBrowserRouter>

interface ClientServiceOptions {
  preloadPage: (path: string) => void
}

/**
 * Browser-only behaviours of the router shell, started once after the router exists: the hourly
 * build check (a newer build turns the next navigation into a full page load) and the prefetch
 * of linked pages after load.
 */
export function startClientServices(router: Router, { preloadPage }: ClientServiceOptions): void {
  let newBuildPublished = false
  // The page's build (src/app/ssgState.ts restored it); a page the dev server made has none.
  const runningHash = (window as SsgWindow).__VITE_REACT_SSG_HASH__
  if (runningHash) {
    // Its first check is an hour away, so its code is no part of the page's first load.
    const since = Date.now()
    import('./buildCheck').then(
      ({ fetchBuildManifest, startBuildCheck }) =>
        startBuildCheck({
          runningHash,
          since,
          fetchManifest: () => fetchBuildManifest(import.meta.env.BASE_URL),
          onNewBuild: () => {
            newBuildPublished = true
          },
        }),
      // Offline, or this build's files are already replaced: then the next page's chunk fails
      // to load, and that reloads the new build (chunkReload.ts) as the check would have.
      () => undefined,
    )
  }

  router.subscribe((state) => {
    const next = state.navigation.location
    if (newBuildPublished && next) {
      // Leave before the old build renders the next page: the new one may have other chunks.
      window.location.assign(router.createHref(next))
    }
  })

  const start = () => schedulePrefetch(preloadPage)
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}
