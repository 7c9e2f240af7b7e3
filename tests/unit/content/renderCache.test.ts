/**
 * The render cache's storage: documents in a few packs and one index, instead of two files
 * each; packs the index no longer names deleted once nobody can still be reading them.
 */
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readRenderedHtml, renderAll } from '../../../scripts/content/renderAll.ts'
import {
  PACK_GRACE_MS,
  PackReader,
  PackWriter,
  readIndex,
  writeIndex,
  type StoredDocument,
} from '../../../scripts/content/renderCache.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folio-render-packs-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

/** Makes a file look last touched `ms` ago. */
async function age(file: string, ms: number): Promise<void> {
  const then = new Date(Date.now() - ms)
  await utimes(file, then, then)
}

describe('the render cache', () => {
  it('keeps a render of many documents in one pack per thread and one index', async () => {
    const bodies = Array.from({ length: 60 }, (_, n) => `# Note ${n}\n\nText ${n}.\n`)
    const options = { langs: [], siteOrigin: 'https://folio.example', cacheDir: dir }
    const { results, stats } = await renderAll(bodies, options)
    expect(stats).toEqual({ rendered: 60, cached: 0 })
    const files = await readdir(dir)
    // 60 documents made 120 files when each had its HTML and its summary beside it.
    expect(files).toContain('index.json')
    expect(files.filter((name) => name.endsWith('.pack')).length).toBeGreaterThanOrEqual(1)
    expect(files.length).toBeLessThanOrEqual(1 + 3)
    const reader = new PackReader()
    try {
      const html = await reader.read(results[7]!.location)
      expect(html).toMatch(/^<h1 id="user-content-note-7">Note 7<a [^>]+>#<\/a><\/h1>\n<p>Text 7\.<\/p>$/)
    } finally {
      await reader.close()
    }

    // The next build finds every document in the index, where the last one put it.
    const again = await renderAll(bodies, options)
    expect(again.stats).toEqual({ rendered: 0, cached: 60 })
    expect(again.results).toEqual(results)
  }, 30_000)

  it('renders everything again when the index is missing, of another layout or malformed', async () => {
    const bodies = ['# One\n', '# Two\n']
    const options = { langs: [], siteOrigin: 'https://folio.example', cacheDir: dir }
    await renderAll(bodies, options)
    await writeFile(join(dir, 'index.json'), JSON.stringify({ layout: 'html-beside-summary', entries: {} }))
    expect((await renderAll(bodies, options)).stats).toEqual({ rendered: 2, cached: 0 })
    await writeFile(join(dir, 'index.json'), JSON.stringify({ layout: 'packs-1' }))
    expect((await renderAll(bodies, options)).stats).toEqual({ rendered: 2, cached: 0 })
    await rm(join(dir, 'index.json'))
    expect((await renderAll(bodies, options)).stats).toEqual({ rendered: 2, cached: 0 })
  }, 30_000)

  it('reads exactly the bytes of each document, whatever their characters', async () => {
    // A folder name with the location's own separators in it.
    const pack = new PackWriter(join(dir, 'a#1+2'), 3)
    const texts = ['<p>é — 日本語 — 🙂</p>', '', '<p>plain</p>']
    const locations = []
    for (const text of texts) locations.push(await pack.append(text))
    await pack.close()
    const reader = new PackReader()
    try {
      expect(await Promise.all(locations.map((location) => reader.read(location)))).toEqual(texts)
      await writeFile(pack.pack, '<p>é')
      const cut = new PackReader()
      await expect(cut.read(locations[0]!)).rejects.toThrow(/cut short/)
      await cut.close()
      await expect(reader.read('not a location')).rejects.toThrow(/Not a rendered document/)
    } finally {
      await reader.close()
    }
  })

  it('deletes packs no index names once they are old, and what an older layout left', async () => {
    const kept = new PackWriter(dir, 1)
    const document: StoredDocument = { headings: [], words: 1, location: await kept.append('<p>kept</p>') }
    await kept.close()
    const recent = new PackWriter(dir, 2)
    await recent.append('<p>another build is reading this</p>')
    await recent.close()
    const old = new PackWriter(dir, 3)
    await old.append('<p>nobody reads this</p>')
    await old.close()
    await age(old.pack, PACK_GRACE_MS + 60_000)
    await age(kept.pack, PACK_GRACE_MS + 60_000)
    await writeFile(join(dir, 'abc.html'), '<p>an older layout</p>')
    await writeFile(join(dir, 'abc.json'), '{}')
    // An index a stopped build never put in place.
    await writeFile(join(dir, 'index.json.4242'), '{')
    await age(join(dir, 'index.json.4242'), PACK_GRACE_MS + 60_000)

    await writeIndex(dir, new Map([['key', document]]))

    const left = (await readdir(dir)).sort()
    const name = (file: string) => file.slice(dir.length + 1)
    expect(left).toEqual(['index.json', name(kept.pack), name(recent.pack)].sort())
    expect((await readIndex(dir)).get('key')).toEqual(document)
  })

  it('marks the packs a build reads the index for as in use, and renders again what is gone', async () => {
    const options = { langs: [], siteOrigin: 'https://folio.example', cacheDir: dir }
    const bodies = ['# Kept\n', '# Lost\n']
    // Two renders of one document each: two packs.
    const kept = (await renderAll([bodies[0]!], options)).results[0]!
    const lost = (await renderAll(bodies, options)).results[1]!
    const packOf = (location: string) => location.slice(0, location.lastIndexOf('#'))
    expect(packOf(kept.location)).not.toBe(packOf(lost.location))
    await age(packOf(kept.location), PACK_GRACE_MS + 60_000)
    await rm(packOf(lost.location))

    const stored = await readIndex(dir)
    expect(Date.now() - (await stat(packOf(kept.location))).mtimeMs).toBeLessThan(60_000)
    expect([...stored.values()]).toEqual([kept])
    // Another build's index, without the pack, leaves it for the grace period.
    await writeIndex(dir, new Map())
    expect(await readdir(dir)).toContain(packOf(kept.location).slice(dir.length + 1))
    await writeIndex(dir, stored)

    const again = await renderAll(bodies, options)
    expect(again.stats).toEqual({ rendered: 1, cached: 1 })
    expect(await readRenderedHtml(again.results[1]!)).toMatch(/^<h1 id="user-content-lost">Lost/)
  }, 30_000)
})
