import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DetachedStrings, detached } from '../../../scripts/build/detachedStrings.ts'
import { PageFinisher } from '../../../scripts/build/finishBuild.ts'

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

/** Heap the pages `keepFrom` was handed still hold once it returns and garbage is collected. */
async function heapHeldAfter(keepFrom: (page: string) => Promise<unknown>): Promise<number> {
  const kept: unknown[] = []
  collectGarbage()
  const before = process.memoryUsage().heapUsed
  for (let n = 0; n < 20; n += 1) {
    // A code-heavy page: 2 MB, stored two bytes a character (the quote is not Latin-1).
    const page = `<html><a href="/assets/BlogPostPage-${n}abcdef.js">“${'x'.repeat(1_000_000)}</a></html>`
    kept.push(await keepFrom(page))
  }
  collectGarbage()
  const held = process.memoryUsage().heapUsed - before
  expect(kept).toHaveLength(20)
  return held
}

const MB = 1024 * 1024

describe('detached strings', () => {
  it('copies a value equal to it', () => {
    const page = `<a href="/assets/chunk-abcdefgh.js">${'“'.repeat(100)}</a>`
    const target = /href="([^"]+)"/.exec(page)![1]!
    expect(detached(target)).toBe('/assets/chunk-abcdefgh.js')
    const strings = new DetachedStrings()
    expect(strings.keep(target)).toBe(target)
    expect(strings.keep(detached(target))).toBe(target)
  })

  it('keeps a value cut from a page without keeping the page', async () => {
    const strings = new DetachedStrings()
    const held = await heapHeldAfter(async (page) => strings.keep(/href="([^"]+)"/.exec(page)![1]!))
    // The 20 pages are 40 MB; a kept slice of each would hold all of it.
    expect(held).toBeLessThan(8 * MB)
  })

  it("lets PageFinisher keep every page's links for the link check, and none of its pages", async () => {
    const distDir = await mkdtemp(join(tmpdir(), 'folio-detached-'))
    try {
      await mkdir(join(distDir, 'assets'))
      await writeFile(join(distDir, 'assets', 'app-abc.css'), 'body{color:red}')
      const pages = new PageFinisher(distDir)
      let n = 0
      const held = await heapHeldAfter(async (page) => {
        n += 1
        return (await pages.finish(`/blog/post-${n}`, page)).length
      })
      expect(pages.findings.linkTargets.size).toBe(20)
      expect(held).toBeLessThan(8 * MB)
    } finally {
      await rm(distDir, { recursive: true, force: true })
    }
  })
})
