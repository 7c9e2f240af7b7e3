/**
 * Library modules the build answers with a stand-in of ours: the markdown pipeline's, which
 * also runs in the dashboard preview's worker, where there is no DOM and every byte is loaded
 * with each note (decisions 0056 and 0059). Each stand-in is tested against the module it
 * replaces, for what the pipeline asks of it.
 */
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

interface StandIn {
  name: string
  /** The import replaced. */
  source: string
  /** Only as imported from this package's own files (the stand-in may import the real one). */
  importedBy?: string
  /** The stand-in's path from the repository's root, or an absolute one. */
  file: string
}

function standIn({ name, source, importedBy, file }: StandIn): Plugin {
  const resolved = file.startsWith('/')
    ? file
    : fileURLToPath(new URL(`../../${file}`, import.meta.url))
  const importer = importedBy ? new RegExp(`[\\\\/]node_modules[\\\\/]${importedBy}[\\\\/]`) : null
  return {
    name,
    enforce: 'pre',
    resolveId: (id, from) =>
      id === source && (!importer || importer.test(from ?? '')) ? resolved : null,
  }
}

/**
 * micromark's named-reference decoder as the package's table, not `document`: the pipeline also
 * runs in a worker, which has no DOM (in dev, the main plugins also serve worker modules).
 */
export const entityDecoderWithoutDom = standIn({
  name: 'folio-entity-decoder-without-dom',
  source: 'decode-named-character-reference',
  file: createRequire(import.meta.url).resolve('decode-named-character-reference'),
})

/** The preview worker's stand-ins. */
export function previewWorkerStandIns(): Plugin[] {
  return [
    // The named references' table loads only for a note that has one.
    standIn({
      name: 'folio-lazy-entity-decoder-in-worker',
      source: 'decode-named-character-reference',
      file: 'src/features/workspace/preview/namedCharacterReferences.ts',
    }),
    // The browser's own structuredClone, without @ungap's polyfill.
    standIn({
      name: 'folio-native-structured-clone-in-worker',
      source: '@ungap/structured-clone',
      file: 'src/features/workspace/preview/nativeStructuredClone.ts',
    }),
    // hast-util-to-html writes references as the package's light function does, without the
    // table of named ones; the stand-in imports the package itself.
    standIn({
      name: 'folio-hexadecimal-references-in-worker',
      source: 'stringify-entities',
      importedBy: 'hast-util-to-html',
      file: 'src/features/workspace/preview/hexadecimalReferences.ts',
    }),
    // unified only ever copies its empty base processor: an `extend` that merges nothing.
    standIn({
      name: 'folio-empty-extend-in-worker',
      source: 'extend',
      importedBy: 'unified',
      file: 'src/features/workspace/preview/emptyExtend.ts',
    }),
  ]
}
