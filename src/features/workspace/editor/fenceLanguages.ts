/**
 * The languages a fence can name in the editor, each loaded the first time a fence names it:
 * @codemirror/language-data's list, except that JavaScript, TypeScript and JSON fences are
 * coloured by CodeMirror's stream tokenizer for them (@codemirror/legacy-modes) rather than by
 * their Lezer grammars. The editor only colours fences (the preview's shiki output is the
 * rendering that counts), and for that the tokenizer does the same job in ≈ 6 KB gzip where
 * lang-javascript brings @lezer/javascript, @lezer/lr and @codemirror/autocomplete (≈ 45 KB):
 * the most common fences in a technical note no longer cost the largest download after the
 * editor itself (docs/decisions/0034-script-fences-coloured-by-stream-modes.md). JSX and TSX
 * keep the Lezer grammar, which the tokenizer cannot replace, and an `html` fence still gets
 * lang-html with its scripts coloured by lang-javascript.
 */
import { LanguageDescription, LanguageSupport, StreamLanguage } from '@codemirror/language'
import { languages } from '@codemirror/language-data'
import type { StreamParser } from '@codemirror/language'
import { tags } from '@lezer/highlight'

const scriptModes = () => import('@codemirror/legacy-modes/mode/javascript')

/** language-data's names for the languages the stream tokenizer colours, and its mode for each. */
const STREAM_MODES: Record<string, () => Promise<StreamParser<unknown>>> = {
  JavaScript: () => scriptModes().then((modes) => modes.javascript),
  TypeScript: () => scriptModes().then((modes) => modes.typescript),
  JSON: () => scriptModes().then((modes) => modes.json),
}

/**
 * Names the modes use inside a style of several words that CodeMirror has no tag for: a quoted
 * key is "string property" (JSON's keys, `{ "a": 1 }`), and CodeMirror, which knows `property`
 * only as a whole style, warned in the console and coloured the key as a string. As a property
 * it looks as the JSON grammar had it.
 */
const TOKEN_TABLE = { property: tags.propertyName }

export const fenceLanguages: readonly LanguageDescription[] = languages.map((description) => {
  const mode = STREAM_MODES[description.name]
  if (!mode) return description
  return LanguageDescription.of({
    name: description.name,
    alias: description.alias,
    extensions: description.extensions,
    load: async () =>
      new LanguageSupport(StreamLanguage.define({ ...(await mode()), tokenTable: TOKEN_TABLE })),
  })
})
