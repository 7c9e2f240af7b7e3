/**
 * What a visitor downloads to see one page before any script runs: its HTML and the
 * stylesheets it links, gzip-compressed as the CDN serves them. `npm run size` holds every page
 * to its budget with it, and the bench weighs a Folio post against the Astro peer's copy of the
 * same post.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export interface PageWeight {
  htmlBytes: number
  gzipBytes: number
}

export async function pageWeight(distDir: string, pageFile: string): Promise<PageWeight> {
  const html = await readFile(path.join(distDir, pageFile), 'utf8')
  // Every stylesheet link counts, a `disabled` one too: Chromium's preload scanner fetches
  // those all the same (scripts/build/inlineCss.ts), so the build writes none.
  const stylesheets = [...html.matchAll(/<link\b[^>]*\brel="?stylesheet"?[^>]*>/g)]
    .map((tag) => /\bhref="?([^"\s>]+)/.exec(tag[0])?.[1])
    .filter((href): href is string => Boolean(href) && href!.startsWith('/'))
  const files = [
    html,
    ...(await Promise.all(stylesheets.map((href) => readFile(path.join(distDir, href), 'utf8')))),
  ]
  return {
    htmlBytes: files.reduce((sum, text) => sum + Buffer.byteLength(text), 0),
    gzipBytes: files.reduce((sum, text) => sum + gzipSync(text, { level: 9 }).length, 0),
  }
}
