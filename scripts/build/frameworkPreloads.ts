/**
 * vite-react-ssg loads `react-dom/client` with a dynamic import from the entry, which the
 * browser only discovers after the entry ran: a needless round trip before hydration. These
 * helpers find such always-loaded framework chunks in Vite's manifest so the prerendered HTML
 * can preload them, and so `npm run size` counts them as first-load JavaScript.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

interface ManifestChunk {
  file: string
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
