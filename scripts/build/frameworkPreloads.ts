/**
 * vite-react-ssg loads `react-dom/client` with a dynamic import from the entry, which the
 * browser only discovers after the entry ran: a needless round trip before hydration. These
 * helpers find such always-loaded framework chunks in Vite's manifest so the prerendered HTML
 * can preload them, and so `npm run size` counts them as first-load JavaScript. (Our build puts
 * react-dom in the `framework` chunk, a static import of the entry, so today this finds nothing;
 * it is the net that brings the preload back if that grouping in vite.config.ts changes.)
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

interface ManifestChunk {
  file: string
  assets?: string[]
  imports?: string[]
  dynamicImports?: string[]
  isEntry?: boolean
}

const ALWAYS_LOADED = /^node_modules\/react-dom\//

export type ViteManifest = Record<string, ManifestChunk>

export function readViteManifest(distDir: string): ViteManifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest
}

/**
 * Files of the entry's always-taken dynamic imports (react-dom/client, which vite-react-ssg
 * imports to hydrate), with their static imports. Other dynamic imports, like supabase-js,
 * are only loaded by the pages that need them and must not be preloaded everywhere.
 */
export function frameworkChunkFiles(manifest: ViteManifest): string[] {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of entry?.dynamicImports ?? []) if (ALWAYS_LOADED.test(key)) visit(key)
  return [...files]
}

export function addModulePreloads(html: string, files: string[], base = '/'): string {
  const links = files
    .filter((file) => !html.includes(`href="${base}${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin="" href="${base}${file}">`)
    .join('')
  return links ? html.replace('</head>', `${links}</head>`) : html
}

export const MODULE_PRELOAD_LINK = /<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g
const PAGE_MODULE = /(^|\/)src\/pages\//

interface ManifestIndex {
  keyOfFile: Map<string, string>
  /** The entry and the framework chunks: needed by every page. */
  alwaysRoots: (string | undefined)[]
  /** Worker scripts are listed as assets of the chunk that starts them; never preloaded. */
  assets: Set<string>
}

// Every page of a build asks about the same manifest: index it once.
const manifestIndexes = new WeakMap<ViteManifest, ManifestIndex>()

function indexOf(manifest: ViteManifest): ManifestIndex {
  let index = manifestIndexes.get(manifest)
  if (!index) {
    const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]))
    const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0]
    index = {
      keyOfFile,
      alwaysRoots: [entry, ...frameworkChunkFiles(manifest).map((file) => keyOfFile.get(file))],
      assets: new Set(Object.values(manifest).flatMap((chunk) => chunk.assets ?? [])),
    }
    manifestIndexes.set(manifest, index)
  }
  return index
}

/**
 * vite-react-ssg preloads every chunk a page could ever reach, following dynamic imports as
 * well, so a page that loads its editor on demand would preload the editor, every language
 * it can highlight and supabase-js. This keeps the preloads a page needs to hydrate: the static
 * imports of the entry, of the framework chunks and of the page modules (src/pages/*).
 * Whatever sits behind a dynamic import loads when the page asks for it.
 */
export function dropLazyPreloads(html: string, manifest: ViteManifest, base = '/'): string {
  const { keyOfFile, alwaysRoots, assets } = indexOf(manifest)
  const preloaded = [...html.matchAll(MODULE_PRELOAD_LINK)].map((match) =>
    (match[1] as string).slice(base.length),
  )
  const roots = [
    ...alwaysRoots,
    ...preloaded.map((file) => keyOfFile.get(file)).filter((key) => key && PAGE_MODULE.test(key)),
  ].filter((key): key is string => Boolean(key))
  const needed = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || needed.has(chunk.file)) return
    needed.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  roots.forEach(visit)
  return html.replace(MODULE_PRELOAD_LINK, (link, href: string) => {
    const file = href.slice(base.length)
    return (keyOfFile.has(file) || assets.has(file)) && !needed.has(file) ? '' : link
  })
}
