/**
 * Every internal link and asset reference in the built site must resolve to a file in dist/:
 * the CDN has no SPA fallback, so a link that works in development but has no file is a 404.
 * The build collects each page's targets as it rewrites the page (finishBuild.ts).
 */
import { statSync } from 'node:fs'
import path from 'node:path'

export interface BrokenLink {
  page: string
  target: string
}

const REFERENCE = /\s(?:href|src)="(\/[^"]*)"/g

/** `/blog/post#x` → dist/blog/post/index.html (or dist/blog/post, or dist/blog/post.html). */
export function resolvesInDist(distDir: string, target: string): boolean {
  const pathname = decodeURI(target.split(/[?#]/)[0] as string)
  if (pathname.startsWith('//')) return true // protocol-relative: not ours to check
  const candidates = pathname.endsWith('/')
    ? [
        path.join(distDir, pathname, 'index.html'),
        path.join(distDir, `${pathname.slice(0, -1)}.html`),
      ]
    : [
        path.join(distDir, pathname),
        path.join(distDir, pathname, 'index.html'),
        path.join(distDir, `${pathname}.html`),
      ]
  return candidates.some((file) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false)
}

/** The root-relative references (`href`, `src`) of one page. */
export function linkTargets(html: string): string[] {
  return [...html.matchAll(REFERENCE)].map((match) => match[1] as string)
}

/** The references, by page (relative to distDir), that resolve to no file in dist/. */
export function brokenLinks(distDir: string, targetsByPage: Map<string, string[]>): BrokenLink[] {
  // Every page links the same header and footer pages: check each target once.
  const resolves = new Map<string, boolean>()
  const broken: BrokenLink[] = []
  for (const page of [...targetsByPage.keys()].sort()) {
    for (const target of targetsByPage.get(page) ?? []) {
      const pathname = target.split(/[?#]/)[0] as string
      if (!resolves.has(pathname)) resolves.set(pathname, resolvesInDist(distDir, pathname))
      if (!resolves.get(pathname)) broken.push({ page, target })
    }
  }
  return broken
}

/** The error a build fails with when links are broken. */
export function brokenLinksError(broken: BrokenLink[]): Error {
  const lines = broken.slice(0, 50).map(({ page, target }) => `  dist/${page} links to ${target}`)
  return new Error(
    `${broken.length} internal link(s) lead to no file in dist/ (the CDN would answer 404):\n${lines.join('\n')}`,
  )
}
