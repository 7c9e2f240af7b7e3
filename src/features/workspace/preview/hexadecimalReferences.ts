/**
 * `stringify-entities` as the preview worker's hast-util-to-html calls it. The preview's printer
 * (content/markdown.ts) gives it no `characterReferences`, and without `useNamedReferences`,
 * `useShortestReferences` or `omitOptionalSemicolons` the package's `stringifyEntities` writes
 * every character it escapes as `&#x…;`: exactly what its own `stringifyEntitiesLight` does. The
 * table of named references it imports for those options (character-entities-html4 and
 * character-entities-legacy, about 2 KB gzip) only came along with every note (vite.config.ts
 * gives the worker this module). An option asking for other references is refused, not ignored.
 */
import { stringifyEntitiesLight, type Options } from 'stringify-entities'

export function stringifyEntities(value: string, options: Options = {}): string {
  if (options.useNamedReferences || options.useShortestReferences || options.omitOptionalSemicolons)
    throw new Error('The preview writes hexadecimal character references only')
  return stringifyEntitiesLight(value, options)
}
