import type { createBrowserRouter } from 'react-router-dom'
import { fetchBuildManifest, startBuildCheck } from './buildCheck'
import { schedulePrefetch } from './prefetch'

type Router = ReturnType<typeof createBrowserRouter>

/** The id of the build this tab runs, injected by vite.config.ts. */
declare const __FOLIO_BUILD_ID__: string

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
  startBuildCheck({
    runningId: __FOLIO_BUILD_ID__,
    fetchManifest: () => fetchBuildManifest(import.meta.env.BASE_URL),
    onNewBuild: () => {
      newBuildPublished = true
    },
  })

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
