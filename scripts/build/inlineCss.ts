/**
 * Inlines the stylesheets a prerendered page links into the page itself. A render-blocking
 * stylesheet costs a round trip before first paint on a slow mobile connection; a page's CSS is
 * a few KB, so shipping it inside the HTML paints sooner. (The CSP allows inline styles, not
 * scripts.)
 *
 * Since each feature's CSS travels with its chunk (src/main.tsx), a page links the site-wide
 * entry stylesheet plus the stylesheets of the chunks it renders, and only those are inlined:
 * a blog post carries the content styles, never the workspace's.
 *
 * After hydration, the client loads a chunk's CSS before the chunk itself (Vite's preload helper)
 * unless a `<link rel="stylesheet">` with that href is already in the document. So every inlined
 * chunk stylesheet leaves a `disabled` link behind: the helper sees the CSS is on the page and
 * does not fetch and append it a second time, and a disabled stylesheet link is never fetched
 * (HTML standard, link type "stylesheet": its fetch setup steps return false while `disabled` is
 * set). The entry stylesheet needs no marker: it is never a chunk's dependency.
 *
 * Each stylesheet is inlined without the rules that cannot style the page's markup
 * (scripts/build/pruneCss.ts). A stylesheet that lost rules leaves a link marked
 * `data-after-paint` (the entry's too): the boot script enables those links after the first
 * paint and starts hydration once they have loaded, so every state script brings is styled.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { markupOf, pruneCss, type PageMarkup } from './pruneCss.ts'

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g
const ENTRY_STYLESHEET = /^assets\/app-[^/]+\.css$/

/** `<link … disabled>` marks a stylesheet as present in the page without loading it. */
export function inlinedStylesheetMarker(file: string): string {
  return `<link rel="stylesheet" href="/${file}" disabled>`
}

/** The attribute of a stylesheet link the boot script enables after the first paint. */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint'

/** `<link … disabled data-after-paint>`: the full stylesheet, loaded after the first paint. */
export function afterPaintStylesheet(file: string): string {
  return `<link rel="stylesheet" href="/${file}" disabled ${AFTER_PAINT_ATTRIBUTE}>`
}

/** The class names a stylesheet's selectors mention. */
function selectorClasses(css: string): string[] {
  return [
    ...new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] as string)),
  ]
}

/**
 * Pages with the same classes out of a stylesheet's get the same pruned copy: a thousand posts
 * share a handful of them, so each is worked out once per build.
 */
function prunedFor(
  file: string,
  full: string,
  page: PageMarkup,
  cache: Map<string, string>,
): { css: string; pruned: boolean } {
  const mentioned = selectorClasses(full).filter((name) => page.classes.has(name))
  const key = [file, mentioned, [...page.elements].sort(), [...page.properties].sort()].join('\0')
  let css = cache.get(key)
  if (css === undefined) {
    css = pruneCss(full, page).css
    cache.set(key, css)
  }
  return { css, pruned: css !== full }
}

export async function inlineStylesheets(
  html: string,
  distDir: string,
  cache: Map<string, string>,
  /** False for a page whose content script draws after sign-in (the dashboard): inlined whole. */
  prune = true,
): Promise<string> {
  let result = html
  const page = markupOf(html)
  for (const match of html.matchAll(STYLESHEET_LINK)) {
    const [link, file] = [match[0], match[1] as string]
    let full = cache.get(file)
    if (full === undefined) {
      full = await readFile(join(distDir, file), 'utf8')
      cache.set(file, full)
    }
    const { css, pruned } = prune
      ? prunedFor(file, full, page, cache)
      : { css: full, pruned: false }
    const marker = pruned
      ? afterPaintStylesheet(file)
      : ENTRY_STYLESHEET.test(file)
        ? ''
        : inlinedStylesheetMarker(file)
    const inline = css.replace(/<\/style/gi, '<\\/style')
    // A function replacement: CSS may hold `$&` or `$1`, which a string replacement would expand.
    const style = inline.trim() ? `<style>${inline}</style>` : ''
    result = result.replace(link, () => `${style}${marker}`)
  }
  return result
}
