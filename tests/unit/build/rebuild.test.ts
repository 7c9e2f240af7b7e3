/**
 * Real builds of the site. Two from the same inputs: the second reuses the first's bundles
 * (scripts/build/bundleCache.ts) and every page it rendered (scripts/build/pageCache.ts), and
 * both write the same files, byte for byte, but for the time each build was made. Then one with
 * a post edited: from the same bundles, it renders that post's page and reuses the pages whose
 * data did not change, and writes what a build from nothing writes.
 */
import { appendFile, cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite } from './siteBuild.ts'

let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'folio-rebuild-'))
  await cp('content', join(root, 'content'), { recursive: true })
})
afterAll(() => rm(root, { recursive: true, force: true }))

/** A build of the test's copy of the content into `out`, with the caches in `cache`. */
const build = (out: string, cache = join(root, 'cache')) =>
  buildSite(join(root, 'content'), out, cache)

/** Expects `a` and `b` to hold the same files, byte for byte, but for when each was built. */
async function expectSameBuild(a: string, b: string): Promise<void> {
  const files = await filesUnder(a)
  expect(await filesUnder(b)).toEqual(files)
  const latest = JSON.parse(await readFile(join(a, 'builds/latest.json'), 'utf8'))
  const timeOfBuild = new Set(['builds/latest.json', `builds/meta/${latest.id}.json`])
  for (const file of files.filter((name) => !timeOfBuild.has(name))) {
    const bytes = await readFile(join(a, file))
    expect(bytes.equals(await readFile(join(b, file))), file).toBe(true)
  }
  const again = JSON.parse(await readFile(join(b, 'builds/latest.json'), 'utf8'))
  expect(again.id).toBe(latest.id)
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort()
}

const pagesWritten = (log: string) => log.match(/index\.html\s+\d+(\.\d+)? KiB/g) ?? []
const pagesReused = (log: string) => log.match(/index\.html\s+reused/g) ?? []
const pagesReusedByData = (log: string) => log.match(/index\.html\s+reused, same data/g) ?? []
const bundled = (log: string) => log.match(/Build for (client|server)/g) ?? []
const bundlesReused = (log: string) => /bundles reused/.test(log)

describe('a rebuild from the same inputs', () => {
  it(
    'reuses the bundles and every page, and writes the same files',
    { timeout: 240_000 },
    async () => {
      const first = await build(join(root, 'dist1'))
      const second = await build(join(root, 'dist2'))
      expect(bundled(first)).toEqual(['Build for client', 'Build for server'])
      expect(bundlesReused(first)).toBe(false)
      expect(bundled(second)).toEqual([])
      expect(bundlesReused(second)).toBe(true)
      expect(pagesReused(first)).toEqual([])
      expect(pagesWritten(first).length).toBeGreaterThan(15)
      expect(pagesReused(second)).toHaveLength(pagesWritten(first).length)
      expect(pagesWritten(second)).toEqual([])

      // Only when each build was made tells them apart.
      await expectSameBuild(join(root, 'dist1'), join(root, 'dist2'))
    },
  )

  it(
    "reuses the bundles when only a post changed, renders that post's page and reuses the rest",
    { timeout: 240_000 },
    async () => {
      const before = join(root, 'before')
      const after = join(root, 'after')
      await build(before)
      await appendFile(join(root, 'content/blog/introducing-folio.md'), '\nAn edit, just made.\n')
      const log = await build(after)
      expect(bundled(log)).toEqual([])
      expect(bundlesReused(log)).toBe(true)
      // Only the edited post's data changed (the edit did not change its reading time).
      const rendered = [...log.matchAll(/(\S+)index\.html\s+\d+(?:\.\d+)? KiB/g)]
      expect(rendered.map((match) => match[1])).toEqual([`${after}/blog/introducing-folio/`])
      expect(pagesReusedByData(log).length).toBeGreaterThan(15)
      expect(await readFile(join(after, 'blog/introducing-folio/index.html'), 'utf8')).toContain(
        'An edit, just made.',
      )
      // Another build (its pages name it), from the very same bundles.
      const id = async (dist: string) =>
        JSON.parse(await readFile(join(dist, 'builds/latest.json'), 'utf8')).id as string
      expect(await id(after)).not.toBe(await id(before))
      const assets = await filesUnder(join(before, 'assets'))
      expect(await filesUnder(join(after, 'assets'))).toEqual(assets)
      for (const file of assets) {
        const bytes = await readFile(join(before, 'assets', file))
        expect(bytes.equals(await readFile(join(after, 'assets', file))), file).toBe(true)
      }
      // The reused pages carry this build's hash: it is what a build from nothing writes.
      const fromNothing = join(root, 'from-nothing')
      await build(fromNothing, join(root, 'no-cache'))
      await expectSameBuild(fromNothing, after)
    },
  )
})
