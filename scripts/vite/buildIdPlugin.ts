/**
 * The build id: the fingerprint of the build's inputs (scripts/build/buildInputs.ts), so two
 * builds of the same inputs are the same build, byte for byte, and a rebuild can reuse the last
 * build's pages (scripts/build/pageCache.ts). FOLIO_BUILD_ID in the environment wins. vite-react-ssg
 * loads the config once per pass, in one process, so the environment carries the id across
 * passes. The app reads it as __FOLIO_BUILD_ID__ to compare with builds/latest.json
 * (src/app/buildCheck.ts); the loader payloads' names carry part of it (the patch to
 * vite-react-ssg), so a new build's payloads never collide with a cached old one's.
 */
import path from 'node:path'
import type { Plugin } from 'vite'
import { fingerprintBuildInputs } from '../build/buildInputs.ts'

/** Long enough that two different builds never share an id, short enough to read in a log. */
const ID_LENGTH = 16

// Computed once per process: later the environment holds FOLIO_BUILD_ID, which is not an input.
const FINGERPRINT_KEY = Symbol.for('folio.buildInputs')
const shared = globalThis as { [FINGERPRINT_KEY]?: string }

/** The fingerprint of this build's inputs (the mode is in them: NODE_ENV, as vite-react-ssg reads it). */
export function buildInputsFingerprint(): string {
  return (shared[FINGERPRINT_KEY] ??= fingerprintBuildInputs({
    root: process.cwd(),
    contentDir: path.resolve(process.env.FOLIO_CONTENT_DIR ?? 'content'),
    env: process.env,
  }))
}

export function buildId(): string {
  process.env.FOLIO_BUILD_ID ??= buildInputsFingerprint().slice(0, ID_LENGTH)
  return process.env.FOLIO_BUILD_ID
}

/**
 * The key under which a build's bundles and pages are reused (bundleCache.ts, pageCache.ts): the
 * fingerprint, and the id, which is not in it when the environment gives one.
 */
export function buildCacheKey(): string {
  return `${buildInputsFingerprint()}:${buildId()}`
}

export function buildIdPlugin(): Plugin {
  return {
    name: 'folio:build-id',
    config() {
      return { define: { __FOLIO_BUILD_ID__: JSON.stringify(buildId()) } }
    },
  }
}
