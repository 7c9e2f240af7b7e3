/**
 * The deploy's memory, stored beside the site: which files it put there and since when a file
 * is no longer part of the live build. An object's LastModified cannot answer the second
 * question (a chunk uploaded a month ago may have been live until this morning), and the first
 * keeps the deploy from ever deleting objects it did not upload.
 */
import type { Build } from './buildFiles.ts'
import type { StoredObject } from './objectStore.ts'

/** Starts with a dot so no build file can collide with it (dot files are never published). */
export const STATE_PATH = '.folio-deploy/state.json'

export interface DeployState {
  version: 1
  /** Id of the last build whose upload completed, or null. */
  build: string | null
  /** Files the deploy uploaded and has not retired yet. */
  live: string[]
  /** Files of replaced builds, kept for the grace period: path → ISO time it was replaced. */
  retired: Record<string, string>
}

export interface StaleFile {
  path: string
  size: number
  retiredAt: Date
}

export interface StaleFiles {
  /** Still within the grace period: open tabs of older builds may load them. */
  kept: StaleFile[]
  /** Replaced longer ago than the grace period: deleted after the new build is live. */
  expired: StaleFile[]
}

export const EMPTY_STATE: DeployState = { version: 1, build: null, live: [], retired: {} }

export function parseDeployState(text: string | null): DeployState {
  if (text === null) return EMPTY_STATE
  try {
    const value = JSON.parse(text) as Partial<DeployState>
    if (value.version === 1 && Array.isArray(value.live) && typeof value.retired === 'object') {
      return {
        version: 1,
        build: typeof value.build === 'string' ? value.build : null,
        live: value.live.filter((path): path is string => typeof path === 'string'),
        retired: Object.fromEntries(
          Object.entries(value.retired ?? {}).filter(
            ([, at]) => typeof at === 'string' && !Number.isNaN(Date.parse(at)),
          ),
        ),
      }
    }
  } catch {
    // An unreadable state only means nothing is known to be ours: nothing gets deleted.
  }
  return EMPTY_STATE
}

/**
 * Written before the first upload: the new build's files are claimed as ours, so that files of
 * an upload that fails midway are cleaned up by a later deploy instead of lingering forever.
 */
export function claimBuildFiles(previous: DeployState, build: Build): DeployState {
  const paths = build.files.map((file) => file.path)
  const wanted = new Set(paths)
  return {
    ...previous,
    live: [...new Set([...previous.live, ...paths])].sort(),
    retired: Object.fromEntries(
      Object.entries(previous.retired).filter(([path]) => !wanted.has(path)),
    ),
  }
}

/** Files we own that the new build no longer has, split by whether their grace has run out. */
export function findStaleFiles(
  previous: DeployState,
  build: Build,
  remote: ReadonlyMap<string, StoredObject>,
  now: Date,
  graceMs: number,
): StaleFiles {
  const wanted = new Set(build.files.map((file) => file.path))
  const owned = new Set([...previous.live, ...Object.keys(previous.retired)])
  const stale: StaleFiles = { kept: [], expired: [] }
  for (const path of [...owned].sort()) {
    const object = remote.get(path)
    if (wanted.has(path) || path === STATE_PATH || !object) continue
    const since = previous.retired[path]
    const retiredAt = since ? new Date(since) : now
    const file = { path, size: object.size, retiredAt }
    if (now.getTime() - retiredAt.getTime() >= graceMs) stale.expired.push(file)
    else stale.kept.push(file)
  }
  return stale
}

/** The state once the build is live and the expired files are gone (or will be retried). */
export function settledState(build: Build, stillStale: readonly StaleFile[]): DeployState {
  return {
    version: 1,
    build: build.id,
    live: build.files.map((file) => file.path).sort(),
    retired: Object.fromEntries(
      stillStale.map((file) => [file.path, file.retiredAt.toISOString()]),
    ),
  }
}
