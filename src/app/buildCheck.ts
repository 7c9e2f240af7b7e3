/**
 * The hourly build check. A long-lived tab keeps running the build it loaded; once a newer build
 * is published its lazy chunks may disappear, so when `builds/latest.json` names another id the
 * next navigation becomes a full page load of the new build.
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

/** True only when the server positively reports a different build; errors mean "no news". */
export function isNewerBuild(runningId: string, manifest: unknown): boolean {
  return isBuildManifest(manifest) && manifest.id !== runningId
}

export interface BuildCheckOptions {
  runningId: string
  fetchManifest: () => Promise<unknown>
  intervalMs?: number
  onNewBuild: (manifest: BuildManifest) => void
}

/** Starts polling; returns a function that stops it. Network failures are ignored (offline tabs). */
export function startBuildCheck({
  runningId,
  fetchManifest,
  intervalMs = BUILD_CHECK_INTERVAL_MS,
  onNewBuild,
}: BuildCheckOptions): () => void {
  let stopped = false
  const check = async () => {
    try {
      const manifest = await fetchManifest()
      if (!stopped && isNewerBuild(runningId, manifest)) {
        stopped = true
        clearInterval(timer)
        onNewBuild(manifest as BuildManifest)
      }
    } catch {
      // Offline or a deploy in progress: try again next hour.
    }
  }
  const timer = setInterval(check, intervalMs)
  return () => {
    stopped = true
    clearInterval(timer)
  }
}

export async function fetchBuildManifest(base = '/'): Promise<unknown> {
  const response = await fetch(`${base.replace(/\/$/, '')}${BUILD_MANIFEST_PATH}`, {
    cache: 'no-store',
  })
  if (!response.ok) throw new Error(`builds/latest.json answered ${response.status}`)
  return response.json()
}
