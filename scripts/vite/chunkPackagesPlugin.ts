/**
 * Writes which npm packages each client chunk contains (`.vite/chunk-packages.json` in dist/),
 * so `npm run size` can prove that public pages ship no Supabase, Stripe, shiki or CodeMirror
 * code (scripts/size/main.ts).
 */
import type { Plugin } from 'vite'

export const CHUNK_PACKAGES_FILE = '.vite/chunk-packages.json'

/**
 * The same for a worker, which Vite bundles apart from the page, one build per worker: named
 * after the worker's entry (`previewWorker`), so that one worker's list does not replace another's.
 */
export function workerChunkPackagesFile(workerName: string): string {
  return `.vite/chunk-packages-${workerName}.json`
}

/** `…/node_modules/@scope/name/…` → `@scope/name` (the last node_modules segment wins). */
export function packageOfModule(id: string): string | null {
  const matches = [...id.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)]
  return matches.at(-1)?.[1] ?? null
}

export function chunkPackagesPlugin(options: { worker?: boolean } = {}): Plugin {
  let isSsrBuild = false
  return {
    name: 'folio:chunk-packages',
    configResolved(config) {
      isSsrBuild = Boolean(config.build.ssr)
    },
    generateBundle(_options, bundle) {
      if (isSsrBuild) return
      const packages: Record<string, string[]> = {}
      let entry: string | undefined
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        if (chunk.isEntry) entry ??= chunk.name
        const names = new Set(
          chunk.moduleIds.map(packageOfModule).filter((name): name is string => Boolean(name)),
        )
        packages[chunk.fileName] = [...names].sort()
      }
      this.emitFile({
        type: 'asset',
        fileName: options.worker && entry ? workerChunkPackagesFile(entry) : CHUNK_PACKAGES_FILE,
        source: JSON.stringify(packages, null, 2),
      })
    },
  }
}
