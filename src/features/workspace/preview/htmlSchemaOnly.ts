/**
 * `property-information` as the preview worker's hast-util-to-html imports it: the package's
 * HTML schema and `find`, and in place of its SVG schema one that refuses to be read. The printer
 * switches to the SVG schema only inside an `<svg>` element or when given `space: 'svg'`. The
 * preview's printer (content/markdown.ts) passes no `space`; remark-rehype makes no element of a
 * note's HTML, the sanitiser would keep no `<svg>` (GitHub's schema has no SVG or MathML
 * element), and neither our decorations nor shiki's code add one. The SVG schema (about 3 KB gzip) only came along with every note (vite.config.ts gives
 * the worker this module, and scripts/vite/moduleStandIns.ts marks the package's schema merges
 * pure so that the unused one is left out). Were an `<svg>` with an attribute ever printed, the
 * preview would stop here, loudly, rather than write its attributes by HTML's rules.
 */
import { find, html, type Schema } from 'property-information'

export { find, html }

function refuse(): never {
  throw new Error('The preview prints no SVG, yet was asked how to write an SVG attribute')
}

export const svg: Schema = {
  space: 'svg',
  get normal() {
    return refuse()
  },
  get property() {
    return refuse()
  },
}
