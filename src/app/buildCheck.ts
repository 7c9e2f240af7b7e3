/**
 * The hourly build check. A long-lived tab keeps running the build it loaded; once a newer build
 * is published its lazy chunks may disappear, so when `builds/latest.json` names another build
 * the next navigation becomes a full page load of the new build.
 *
 * A page names its build by the hash of that build's loader payloads, which it carries for the
 * router (`window.__VITE_REACT_SSG_HASH__`): the first characters of the build id. The bundles do
 * not hold the id, so that a build that changed only a post can reuse them
 * (scripts/build/bundleCache.ts).
 */
export const BUILD_MANIFEST_PATH = '/builds/latest.json'
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000

export interface BuildManifest {
  id: string
  timestamp: number
}

export function isBuildManifest(value: unknown): value is BuildManifest {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as BuildManifest).id === 'string' &&
    typeof (value as BuildManifest).timestamp === 'number'
  )
}

/** How many of the build id's characters name a build's payloads (`payloadHash`, vite.config.ts). */
export const PAGE_BUILD_HASH_LENGTH = 10

/** The hash a page of the build `buildId` carries. */
export function pageBuildHash(buildId: string): string {
  return buildId.slice(0, PAGE_BUILD_HASH_LENGTH)
}

/** True only when the server positively reports a different build; errors mean "no news". */
export function isNewerBuild(runningHash: string, manifest: unknown): boolean {
  return isBuildManifest(manifest) && pageBuildHash(manifest.id) !== runningHash
}

export interface BuildCheckOptions {
  /** The running build's page hash (pageBuildHash). */
  runningHash: string
  fetchManifest: () => Promise<unknown>
  intervalMs?: number
  /**
   * When the page started (ms since the epoch): the first check is an interval after it, though
   * this module is loaded after hydration, off the page's first load.
   */
  since?: number
  onNewBuild: (manifest: BuildManifest) => void
}

/** Starts polling; returns a function that stops it. Network failures are ignored (offline tabs). */
export function startBuildCheck({
  runningHash,
  fetchManifest,
  intervalMs = BUILD_CHECK_INTERVAL_MS,
  since = Date.now(),
  onNewBuild,
}: BuildCheckOptions): () => void {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const stop = () => {
    stopped = true
    clearTimeout(timer)
  }
  const check = async () => {
    try {
      const manifest = await fetchManifest()
      if (!stopped && isNewerBuild(runningHash, manifest)) {
        stop()
        onNewBuild(manifest as BuildManifest)
      }
    } catch {
      // Offline or a deploy in progress: try again next hour.
    }
  }
  const next = (delayMs: number) => {
    timer = setTimeout(() => {
      if (stopped) return
      void check()
      next(intervalMs)
    }, delayMs)
  }
  next(Math.max(0, since + intervalMs - Date.now()))
  return stop
}

export async function fetchBuildManifest(base = '/'): Promise<unknown> {
  const response = await fetch(`${base.replace(/\/$/, '')}${BUILD_MANIFEST_PATH}`, {
    cache: 'no-store',
  })
  if (!response.ok) throw new Error(`builds/latest.json answered ${response.status}`)
  return response.json()
}
