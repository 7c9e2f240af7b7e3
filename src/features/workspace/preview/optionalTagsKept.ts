/**
 * hast-util-to-html's rules for leaving out optional tags (`lib/omission/opening.js` and
 * `closing.js`), as the preview worker's printer imports them. The printer asks them whether a
 * tag may be left out only when given `omitOptionalTags`, which the preview's printer
 * (content/markdown.ts) never is: every tag is written. The rules (about 1 KB gzip) only came
 * along with every note (scripts/vite/moduleStandIns.ts gives the worker this module). Were the
 * printer ever asked to leave tags out, the preview would stop here, loudly.
 */
function refuse(): never {
  throw new Error('The preview writes every tag, yet was asked whether one may be left out')
}

export const opening: (...node: unknown[]) => boolean = refuse
export const closing: (...node: unknown[]) => boolean = refuse
