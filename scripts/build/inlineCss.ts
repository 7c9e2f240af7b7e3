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
 * chunk stylesheet leaves a marker behind, which the boot script (deferHydration.ts) turns into
 * a `disabled` stylesheet link before hydration starts: the helper sees the CSS is on the page
 * and does not fetch and append it a second time. The entry's stylesheet gets one too: a lazy
 * chunk that imports from the entry chunk lists the entry's stylesheet among its dependencies,
 * and without the marker the helper appended it again after the page's own CSS, which undid the
 * dashboard's layout.
 *
 * The marker is an empty `<template>`, not the link itself. A `<link rel="stylesheet" disabled>`
 * written in the HTML is fetched all the same by Chromium's preload scanner, which reads ahead of
 * the parser (the HTML standard says a disabled stylesheet link is not fetched; the scanner does
 * not look): at the highest priority, while the page is still parsing, then once more when the
 * boot script enabled it. Those requests competed with the document for the first paint, and
 * Lighthouse counted them in front of it (docs/decisions/0036). A link the boot script creates
 * with `disabled` already set is not fetched.
 *
 * Each stylesheet is inlined without the rules that cannot style the page's markup
 * (scripts/build/pruneCss.ts). A stylesheet that lost rules leaves a marker with
 * `data-after-paint` (the entry's too): the boot script makes those live links after the first
 * paint and starts hydration once they have loaded, so every state script brings is styled.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  markupOf,
  propertiesRead,
  withoutUnmatchedRules,
  withoutUnreadProperties,
} from './pruneCss.ts'
import { detached } from './detachedStrings.ts'

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g

/** The attribute of a marker naming the stylesheet a page holds inline. */
export const STYLESHEET_MARKER_ATTRIBUTE = 'data-stylesheet'

/** The attribute of a marker whose full stylesheet the boot script loads after the first paint. */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint'

/** Marks a stylesheet as present in the page, inlined whole: it is never fetched. */
export function inlinedStylesheetMarker(file: string): string {
  return `<template ${STYLESHEET_MARKER_ATTRIBUTE}="/${file}"></template>`
}

/** Marks a stylesheet inlined in part: the full one is loaded after the first paint. */
export function afterPaintStylesheet(file: string): string {
  return `<template ${STYLESHEET_MARKER_ATTRIBUTE}="/${file}" ${AFTER_PAINT_ATTRIBUTE}></template>`
}

/** The class names a stylesheet's selectors mention. */
function selectorClasses(css: string): string[] {
  return [
    ...new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] as string)),
  ]
}

/** Memoises by a key: a thousand posts share a handful of pruned copies of each stylesheet. */
function memo(cache: Map<string, string>, key: string, work: () => string): string {
  let value = cache.get(key)
  if (value === undefined) {
    value = work()
    cache.set(key, value)
  }
  return value
}

/**
 * Each stylesheet as the page inlines it: without the rules that cannot match its markup, then
 * without the tokens that neither its markup nor any of its stylesheets read.
 */
function prunedSheets(
  html: string,
  sheets: { file: string; full: string }[],
  cache: Map<string, string>,
): string[] {
  const page = markupOf(html)
  const elements = [...page.elements].sort().join(' ')
  // Keyed by what decides the result (the sheet, and the classes and elements of the page it
  // can match), not by the texts themselves: a page then costs a few short keys, not copies of
  // every stylesheet's text.
  const matched = sheets.map(({ file, full }) => {
    const classes = selectorClasses(full).filter((name) => page.classes.has(name))
    const key = ['rules', file, classes.join(' '), elements].join('\0')
    const css = memo(cache, key, () => withoutUnmatchedRules(full, page).css)
    const reads = memo(cache, `reads\0${key}`, () => [...propertiesRead(css)].join(' '))
    return { key, css, reads }
  })
  const markupReads = [...propertiesRead(html)]
  return matched.map(({ key, css }, index) => {
    const read = new Set(markupReads)
    matched.forEach((other, at) => {
      if (at !== index && other.reads) for (const name of other.reads.split(' ')) read.add(name)
    })
    const tokensKey = ['tokens', key, [...read].sort().join(' ')].join('\0')
    return memo(cache, tokensKey, () => withoutUnreadProperties(css, read).css)
  })
}

export async function inlineStylesheets(
  html: string,
  distDir: string,
  cache: Map<string, string>,
  /** False for the dashboard, whose workspace must find its CSS whole in the page: inlined whole. */
  prune = true,
): Promise<string> {
  const links = [...html.matchAll(STYLESHEET_LINK)].map((match) => ({
    link: match[0],
    // A copy: the name is cut from the page, and the cache must not keep the page alive.
    file: detached(match[1] as string),
  }))
  const sheets = await Promise.all(
    links.map(async ({ file }) => ({
      file,
      full: cache.get(file) ?? (await readFile(join(distDir, file), 'utf8')),
    })),
  )
  for (const { file, full } of sheets) cache.set(file, full)
  const inlined = prune ? prunedSheets(html, sheets, cache) : sheets.map(({ full }) => full)
  let result = html
  links.forEach(({ link, file }, index) => {
    const css = inlined[index] as string
    const marker =
      css !== sheets[index]?.full ? afterPaintStylesheet(file) : inlinedStylesheetMarker(file)
    const inline = css.replace(/<\/style/gi, '<\\/style')
    const style = inline.trim() ? `<style>${inline}</style>` : ''
    // A function replacement: CSS may hold `$&` or `$1`, which a string replacement would expand.
    result = result.replace(link, () => `${style}${marker}`)
  })
  return result
}
