/**
 * What a prerendered page makes the browser download before it is interactive: its module
 * entry script and every `modulepreload` link (vite-react-ssg lists the page's chunks there),
 * whether in the HTML or deferred to after first paint (scripts/build/deferHydration.ts).
 */
import { readFile, readdir } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { bootManifestOf } from '../build/deferHydration.ts'
import { CHUNK_PACKAGES_FILE } from '../vite/chunkPackagesPlugin.ts'

/** Which npm packages each client chunk holds, as the build wrote them (chunkPackagesPlugin). */
export async function readChunkPackages(distDir: string): Promise<Record<string, string[]>> {
  return JSON.parse(await readFile(join(distDir, CHUNK_PACKAGES_FILE), 'utf8')) as Record<
    string,
    string[]
  >
}

/** The packages of `packages` that `forbidden` names, a package or any under its scope. */
export function forbiddenAmong(packages: Iterable<string>, forbidden: string[]): string[] {
  return [...packages].filter((name) =>
    forbidden.some((banned) => name === banned || name.startsWith(`${banned}/`)),
  )
}

export function firstLoadScripts(html: string): string[] {
  const scripts = new Set<string>()
  const boot = bootManifestOf(html)
  if (boot) for (const src of [boot.entry, ...boot.preload]) scripts.add(src)
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
    scripts.add(match[1] as string)
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    scripts.add(match[1] as string)
  return [...scripts].filter((src) => src.startsWith('/'))
}

/** `dist/about/index.html` → `/about`; `dist/index.html` → `/`. */
export function routeOfHtmlFile(distDir: string, file: string): string {
  const path = relative(distDir, file).split(sep).join('/')
  if (path === 'index.html') return '/'
  if (path === '404.html') return '/404'
  return `/${path.replace(/\/index\.html$/, '').replace(/\.html$/, '')}`
}

export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
}

const gzipCache = new Map<string, number>()

export async function gzipSize(file: string): Promise<number> {
  const cached = gzipCache.get(file)
  if (cached !== undefined) return cached
  const size = gzipSync(await readFile(file), { level: 9 }).length
  gzipCache.set(file, size)
  return size
}
