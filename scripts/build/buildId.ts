/**
 * The build id: the fingerprint of the build's inputs (buildInputs.ts), so two builds of the same
 * inputs are the same build, byte for byte, and a rebuild can reuse the last build's bundles and
 * pages (bundleCache.ts, pageCache.ts). FOLIO_BUILD_ID in the environment wins. vite-react-ssg
 * loads the config once per pass, in one process, so the environment carries the id across
 * passes. Every page carries the id's first characters as the hash of its build's loader payloads
 * (`pageBuildHash`, the patch to vite-react-ssg), so a new build's payloads never collide with a
 * cached old one's, and the app compares that hash with builds/latest.json (src/app/buildCheck.ts).
 * The bundles do not hold the id: an edited post changes it, and they stay as they were.
 */
import path from 'node:path'
import { fingerprintBuildInputs, fingerprintCodeInputs } from './buildInputs.ts'

/** Long enough that two different builds never share an id, short enough to read in a log. */
const ID_LENGTH = 16

// Computed once per process: later the environment holds FOLIO_BUILD_ID, which is not an input.
const FINGERPRINTS_KEY = Symbol.for('folio.buildInputs')
const shared = globalThis as { [FINGERPRINTS_KEY]?: { all?: string; code?: string } }
const fingerprints = (shared[FINGERPRINTS_KEY] ??= {})

/** The fingerprint of this build's inputs (the mode is in them: NODE_ENV, as vite-react-ssg reads it). */
export function buildInputsFingerprint(): string {
  return (fingerprints.all ??= fingerprintBuildInputs(
    {
      root: process.cwd(),
      contentDir: path.resolve(process.env.FOLIO_CONTENT_DIR ?? 'content'),
      env: process.env,
    },
    bundleCacheKey(),
  ))
}

export function buildId(): string {
  process.env.FOLIO_BUILD_ID ??= buildInputsFingerprint().slice(0, ID_LENGTH)
  return process.env.FOLIO_BUILD_ID
}

/**
 * The key under which the last build's pages are reused (pageCache.ts): the fingerprint, and the
 * id, which is not in it when the environment gives one.
 */
export function pageCacheKey(): string {
  return `${buildInputsFingerprint()}:${buildId()}`
}

/** The key under which the last build's bundles are reused (bundleCache.ts): all but the content. */
export function bundleCacheKey(): string {
  return (fingerprints.code ??= fingerprintCodeInputs({ root: process.cwd(), env: process.env }))
}
