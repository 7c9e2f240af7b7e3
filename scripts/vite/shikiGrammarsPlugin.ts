/**
 * Shiki's grammars for the dashboard preview, shipped as the files @shikijs/langs already
 * publishes instead of being bundled. They are data (a frozen JSON object per language, ES
 * modules importing the languages they embed), so bundling them only cost the build: about 360
 * more modules for Rolldown to parse, chunk and minify, ~1 s of CPU and ~100 MB on every build.
 *
 * The build copies those the preview can load (shippedGrammars) to
 * `assets/shiki-grammars-<version>/` (the version in the folder keeps the CDN's immutable caching
 * of assets/ honest across upgrades); the dev server serves them from node_modules;
 * `virtual:folio-shiki-grammars` tells the preview worker where they are and which file each
 * language name and alias loads.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { bundledLanguagesInfo } from 'shiki'
import type { Plugin } from 'vite'

const VIRTUAL_ID = 'virtual:folio-shiki-grammars'
const RESOLVED_ID = `\0${VIRTUAL_ID}`

const require = createRequire(import.meta.url)
// The package's entry is dist/index.mjs, beside every grammar; package.json is not exported.
const grammarsDir = dirname(require.resolve('@shikijs/langs'))
const version = (
  JSON.parse(readFileSync(join(grammarsDir, '..', 'package.json'), 'utf8')) as { version: string }
).version
/** Where the grammars live under the site's base path. */
export const GRAMMARS_PATH = `assets/shiki-grammars-${version}/`

/** Every language name and alias, to the file that registers it (`ts` → `typescript.mjs`). */
export function grammarFiles(): Record<string, string> {
  const files: Record<string, string> = {}
  for (const { id, aliases = [] } of bundledLanguagesInfo) {
    for (const name of [id, ...aliases]) files[name] = `${id}.mjs`
  }
  return files
}

/**
 * The grammar files the preview can load, by name, with their sources (each read once, both to
 * follow its imports and to ship it): each language's own file (grammarFiles), and the files
 * those import for the languages they embed, down to the last. @shikijs/langs also has a file
 * per alias (`ts.mjs`, which re-exports `typescript.mjs`), and nothing loads those: an alias is
 * looked up in grammarFiles, so they are not shipped.
 */
export function shippedGrammars(): Map<string, string> {
  const shipped = new Map<string, string>()
  const visit = (file: string) => {
    if (shipped.has(file)) return
    const source = readFileSync(join(grammarsDir, file), 'utf8')
    shipped.set(file, source)
    for (const [, imported] of source.matchAll(/\bfrom\s+['"]\.\/([^'"]+\.mjs)['"]/g)) {
      visit(imported as string)
    }
  }
  for (const file of new Set(Object.values(grammarFiles()))) visit(file)
  // By name, so the build emits them in the same order every time.
  return new Map([...shipped].sort(([a], [b]) => (a < b ? -1 : 1)))
}

/** The virtual module only: what the preview worker's own build needs. */
export function shikiGrammarsModule(): Plugin {
  let base = '/'
  return {
    name: 'folio-shiki-grammars-module',
    configResolved(config) {
      base = config.base
    },
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null
      // Each language as its file's name and its aliases (`typescript,ts,cts,mts`), spelt out in
      // the worker: half the bytes of the map itself (1.2 against 2.0 KB gzip), which every note
      // loads.
      const languages = bundledLanguagesInfo
        .map(({ id, aliases = [] }) => [id, ...aliases].join(','))
        .join(' ')
      return [
        `export const grammarBase = ${JSON.stringify(`${base}${GRAMMARS_PATH}`)}`,
        `export const grammarFiles = Object.fromEntries(${JSON.stringify(languages)}.split(' ').flatMap((language) => { const names = language.split(','); return names.map((name) => [name, names[0] + '.mjs']) }))`,
      ].join('\n')
    },
  }
}

/** The virtual module, the grammar files in the client build, and the dev server's route. */
export function shikiGrammarsPlugin(): Plugin[] {
  return [
    shikiGrammarsModule(),
    {
      name: 'folio-shiki-grammars-files',
      generateBundle() {
        if (this.environment.config.consumer !== 'client') return
        for (const [file, source] of shippedGrammars()) {
          this.emitFile({ type: 'asset', fileName: `${GRAMMARS_PATH}${file}`, source })
        }
      },
      configureServer(server) {
        const prefix = `${server.config.base}${GRAMMARS_PATH}`
        server.middlewares.use((request, response, next) => {
          const file = request.url?.startsWith(prefix) ? request.url.slice(prefix.length) : ''
          if (!/^[\w.+-]+\.mjs$/.test(file)) return next()
          try {
            const source = readFileSync(join(grammarsDir, file))
            response.setHeader('Content-Type', 'text/javascript; charset=utf-8')
            response.end(source)
          } catch {
            next()
          }
        })
      },
    },
  ]
}
