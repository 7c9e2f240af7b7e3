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
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { detached } from './detachedStrings.ts'

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g
const ENTRY_STYLESHEET = /^assets\/app-[^/]+\.css$/

/** `<link … disabled>` marks a stylesheet as present in the page without loading it. */
export function inlinedStylesheetMarker(file: string): string {
  return `<link rel="stylesheet" href="/${file}" disabled>`
}

export async function inlineStylesheets(
  html: string,
  distDir: string,
  cache: Map<string, string>,
): Promise<string> {
  let result = html
  for (const match of html.matchAll(STYLESHEET_LINK)) {
    const [link, file] = [match[0], match[1] as string]
    let css = cache.get(file)
    if (css === undefined) {
      css = (await readFile(join(distDir, file), 'utf8')).replace(/<\/style/gi, '<\\/style')
      // The name is cut from the page: a copy, so the cache does not keep the page alive.
      cache.set(detached(file), css)
    }
    const marker = ENTRY_STYLESHEET.test(file) ? '' : inlinedStylesheetMarker(file)
    // A function replacement: CSS may hold `$&` or `$1`, which a string replacement would expand.
    result = result.replace(link, () => `<style>${css}</style>${marker}`)
  }
  return result
}
