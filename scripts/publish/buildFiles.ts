/**
 * What a build in dist/ consists of, from the storage's point of view: every file with its key,
 * content hash, upload phase, Content-Type and Cache-Control.
 */
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { extname, join, relative, sep } from 'node:path'
import { PAGES_HEADERS } from '../build/securityHeaders.ts'
import { contentTypes } from '../serve/staticServer.ts'

/**
 * Upload order. Each phase only starts once the previous one is stored completely, so every file
 * a newly visible file refers to is already there: pages need assets and payloads, the build
 * metadata describes the pages, and `builds/latest.json` tells open tabs to load the new build.
 */
export const PHASES = ['assets', 'payloads', 'pages', 'build-meta', 'latest'] as const
export type Phase = (typeof PHASES)[number]

export const LATEST_MANIFEST = 'builds/latest.json'
export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'no-cache'

export interface BuildFile {
  /** Path inside dist/ with forward slashes, e.g. `about/index.html`. */
  path: string
  absolutePath: string
  size: number
  /** Hex MD5: what S3 reports as the ETag of an object stored by a single PUT. */
  md5: string
  phase: Phase
  contentType: string
  cacheControl: string
}

export interface Build {
  id: string
  files: BuildFile[]
}

export class BuildError extends Error {
  override name = 'BuildError'
}

/**
 * Vite names emitted files `[name]-[hash].[ext]` with an 8-character base64url hash. Only such
 * files under assets/ may be cached forever: public/ files (fonts, favicon) keep their names
 * across builds, so their content can change under the same URL.
 */
const CONTENT_HASHED_ASSET = /^assets\/(?:.*\/)?[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/

export function isContentHashed(path: string): boolean {
  return CONTENT_HASHED_ASSET.test(path)
}

export function phaseOf(path: string): Phase {
  if (path === LATEST_MANIFEST) return 'latest'
  if (path.startsWith('builds/')) return 'build-meta'
  if (
    path.startsWith('static-loader-data/') ||
    /^static-loader-data-manifest-[^/]+\.json$/.test(path)
  )
    return 'payloads'
  // Documents that link to assets and payloads: HTML pages, the sitemap, the feed, robots.txt;
  // and the pages' security headers (for Pages-style hosts), which list their scripts' hashes.
  if (path === PAGES_HEADERS) return 'pages'
  if (!path.startsWith('assets/') && ['.html', '.xml', '.txt'].includes(extname(path)))
    return 'pages'
  return 'assets'
}

function contentTypeOf(path: string): string {
  // `_headers` has no extension; Pages-style hosts read it, and do not serve it.
  if (path === PAGES_HEADERS) return 'text/plain; charset=utf-8'
  return contentTypes[extname(path)] ?? ''
}

export function cacheControlOf(path: string): string {
  return isContentHashed(path) ? IMMUTABLE : REVALIDATE
}

async function listFiles(root: string, directory = root): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true })
  const nested = await Promise.all(
    entries
      // Dot entries are build-tool output (dist/.vite holds Vite's manifests), not the site.
      .filter((entry) => !entry.name.startsWith('.'))
      .map(async (entry) => {
        const path = join(directory, entry.name)
        if (entry.isDirectory()) return listFiles(root, path)
        return entry.isFile() ? [relative(root, path)] : []
      }),
  )
  return nested.flat()
}

function readBuildId(latestJson: Buffer | undefined): string {
  if (!latestJson) {
    throw new BuildError(`The build has no ${LATEST_MANIFEST}. Run \`npm run build\` first.`)
  }
  let id: unknown
  try {
    id = (JSON.parse(latestJson.toString('utf8')) as { id?: unknown }).id
  } catch {
    // handled below
  }
  if (typeof id !== 'string' || id === '') {
    throw new BuildError(`${LATEST_MANIFEST} has no build id. Rebuild with \`npm run build\`.`)
  }
  return id
}

/** Reads and classifies a build; refuses one that is incomplete or has files of unknown type. */
export async function readBuild(distDir: string): Promise<Build> {
  let paths: string[]
  try {
    paths = (await listFiles(distDir)).map((path) => path.split(sep).join('/')).sort()
  } catch (error) {
    throw new BuildError(
      `Cannot read ${distDir}/ (${(error as Error).message}). Run \`npm run build\` first.`,
    )
  }
  let latest: Buffer | undefined
  const files = await Promise.all(
    paths.map(async (path): Promise<BuildFile> => {
      const absolutePath = join(distDir, path)
      const content = await readFile(absolutePath)
      if (path === LATEST_MANIFEST) latest = content
      return {
        path,
        absolutePath,
        size: content.length,
        md5: createHash('md5').update(content).digest('hex'),
        phase: phaseOf(path),
        contentType: contentTypeOf(path),
        cacheControl: cacheControlOf(path),
      }
    }),
  )
  const id = readBuildId(latest)
  if (!paths.includes(`builds/meta/${id}.json`)) {
    throw new BuildError(
      `${LATEST_MANIFEST} names build ${id}, but builds/meta/${id}.json is missing. Rebuild with \`npm run build\`.`,
    )
  }
  const untyped = files.filter((file) => !file.contentType).map((file) => file.path)
  if (untyped.length > 0) {
    // A browser would download or refuse such files, so publishing them is a bug, not a warning.
    throw new BuildError(
      `No Content-Type is known for ${untyped.join(', ')}. Add the extension to contentTypes in scripts/serve/staticServer.ts.`,
    )
  }
  return { id, files }
}
