/**
 * Every internal link and asset reference in the built site must resolve to a file in dist/:
 * the CDN has no SPA fallback, so a link that works in development but has no file is a 404.
 */
import { statSync } from 'node:fs'
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { forEachFile } from './forEachFile.ts'

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

export async function findBrokenLinks(distDir: string): Promise<BrokenLink[]> {
  const entries = await readdir(distDir, { withFileTypes: true, recursive: true })
  const pages = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name))
  // Every page links the same header and footer pages: check each target once.
  const resolves = new Map<string, boolean>()
  const brokenByPage = new Map<string, BrokenLink[]>()
  await forEachFile(pages, async (file) => {
    const page = path.relative(distDir, file)
    for (const match of (await readFile(file, 'utf8')).matchAll(REFERENCE)) {
      const target = match[1] as string
      const pathname = target.split(/[?#]/)[0] as string
      if (!resolves.has(pathname)) resolves.set(pathname, resolvesInDist(distDir, pathname))
      if (resolves.get(pathname)) continue
      brokenByPage.set(page, [...(brokenByPage.get(page) ?? []), { page, target }])
    }
  })
  return [...brokenByPage.keys()].sort().flatMap((page) => brokenByPage.get(page) ?? [])
}
