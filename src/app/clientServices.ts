import type { createBrowserRouter } from 'react-router-dom'
import { fetchBuildManifest, startBuildCheck } from './buildCheck'
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
    startBuildCheck({
      runningHash,
      fetchManifest: () => fetchBuildManifest(import.meta.env.BASE_URL),
      onNewBuild: () => {
        newBuildPublished = true
      },
    })
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
