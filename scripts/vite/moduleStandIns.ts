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
    // hast-util-to-html gets HTML's schema of attributes only: the preview prints no SVG. The
    // package's schema merges are marked pure, so that the SVG one it no longer needs is left out.
    standIn({
      name: 'folio-html-schema-only-in-worker',
      source: 'property-information',
      importedBy: 'hast-util-to-html',
      file: 'src/features/workspace/preview/htmlSchemaOnly.ts',
    }),
    pureSchemaMerges(),
    // hast-util-to-html leaves out no optional tag: its rules for which may go, without them.
    ...['../omission/opening.js', '../omission/closing.js'].map((source) =>
      standIn({
        name: `folio-optional-tags-kept-in-worker:${source}`,
        source,
        importedBy: 'hast-util-to-html',
        file: 'src/features/workspace/preview/optionalTagsKept.ts',
      }),
    ),
  ]
}

/** property-information's index: each schema it exports is a call to merge the parts it names. */
const PROPERTY_INFORMATION_INDEX = /[\\/]node_modules[\\/]property-information[\\/]index\.js$/
const SCHEMA_MERGE = /^export const (\w+) = merge\(/gm

/**
 * Marks each of property-information's schema merges (`export const html = merge([...])`) pure:
 * a call the bundler must otherwise keep, schema and parts, though nothing reads what it makes.
 * The merge only builds new objects from the parts. A package whose index no longer reads so
 * fails the build rather than keeping what it no longer needs unnoticed.
 */
export function pureSchemaMerges(): Plugin {
  return {
    name: 'folio-pure-schema-merges',
    transform(code, id) {
      if (!PROPERTY_INFORMATION_INDEX.test(id)) return null
      const marked = code.replace(SCHEMA_MERGE, 'export const $1 = /* @__PURE__ */ merge(')
      const count = (code.match(SCHEMA_MERGE) ?? []).length
      if (count !== 2)
        throw new Error(`property-information's index merges ${count} schemas, not html and svg`)
      return { code: marked, map: null }
    },
  }
}
