/**
 * The preview worker's `decode-named-character-reference` (vite.config.ts resolves the
 * worker's imports of that package here). micromark asks it whether `&name;` names a character,
 * and the package answers from the table of every HTML name: 11.5 KB gzip of the worker that
 * most notes never use. Here the table is loaded with the first text that holds something
 * shaped like a named reference, before that text is rendered (previewWorker.ts). Until then
 * no name decodes, which only a text holding one could notice.
 */
let names: Record<string, string> | undefined

/** The package's contract: the characters a name stands for, or false. */
export function decodeNamedCharacterReference(value: string): string | false {
  return names && Object.hasOwn(names, value) ? (names[value] as string) : false
}

/** `&`, a name (CommonMark: a letter, then letters and digits), `;`. */
const SHAPED_LIKE_A_NAMED_REFERENCE = /&[A-Za-z][A-Za-z0-9]*;/

/** Resolves once `markdown`'s named references, if it has any, can be decoded. */
export async function namedReferencesFor(markdown: string): Promise<void> {
  if (names || !SHAPED_LIKE_A_NAMED_REFERENCE.test(markdown)) return
  names = (await import('character-entities')).characterEntities
}
