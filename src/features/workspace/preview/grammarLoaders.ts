/**
 * A loader for every shiki language name and alias, importing its grammar at run time from
 * the files the build ships as they are (scripts/vite/shikiGrammarsPlugin.ts): grammars are
 * data, so they are copied rather than bundled.
 */
import { grammarBase, grammarFiles } from 'virtual:folio-shiki-grammars'

export const grammarLoaders: Record<string, () => Promise<unknown>> = Object.fromEntries(
  Object.entries(grammarFiles).map(([lang, file]) => [
    lang,
    () => import(/* @vite-ignore */ `${grammarBase}${file}`),
  ]),
)
