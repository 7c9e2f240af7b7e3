import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROSE_IN_PAGE } from '../../../src/features/content/proseInPage.ts'
import {
  fillProseInData,
  fillProseSlots,
  fillProseSlotsFromCache,
  proseInLoaderData,
} from '../../../scripts/content/proseSlots.ts'
import { PackWriter } from '../../../scripts/content/renderCache.ts'

const byKey = new Map([
  ['post:hello', '<p>Hello</p>'],
  ['changelog:1.0.0', '<ul><li>First</li></ul>'],
  ['page:about', '<p>About</p>'],
])

describe('prose slots', () => {
  it('fills the empty elements the prerender left, by document', () => {
    const html =
      '<main><div class="prose" data-prose-slot="post:hello"></div>' +
      '<div class="prose" data-prose-slot="changelog:1.0.0"></div></main>'
    expect(fillProseSlots(html, byKey)).toBe(
      '<main><div class="prose" data-prose-slot="post:hello"><p>Hello</p></div>' +
        '<div class="prose" data-prose-slot="changelog:1.0.0"><ul><li>First</li></ul></div></main>',
    )
  })

  it('refuses a slot with no document rather than ship an empty page', () => {
    expect(() => fillProseSlots('<div class="prose" data-prose-slot="post:gone"></div>', byKey)).toThrow(
      'No rendered document for prose slot "post:gone"',
    )
  })

  it('puts the HTML back into payload data wherever a loader left the marker', () => {
    const payload = [
      { id: 'root', loaderData: null },
      { id: '0-1', loaderData: { slug: 'hello', title: 'Hello', html: PROSE_IN_PAGE } },
      { id: '0-2', loaderData: { entries: [{ version: '1.0.0', html: PROSE_IN_PAGE }] } },
      { id: '0-3', loaderData: { name: 'about', html: PROSE_IN_PAGE, title: 'About' } },
    ]
    expect(fillProseInData(payload, byKey)).toEqual([
      { id: 'root', loaderData: null },
      { id: '0-1', loaderData: { slug: 'hello', title: 'Hello', html: '<p>Hello</p>' } },
      { id: '0-2', loaderData: { entries: [{ version: '1.0.0', html: '<ul><li>First</li></ul>' }] } },
      { id: '0-3', loaderData: { name: 'about', html: '<p>About</p>', title: 'About' } },
    ])
  })

  it('fills the product mocks on marketing pages and in their payloads, by sample view', () => {
    const samples = new Map([...byKey, ['sample:retry:editor', '<pre class="shiki">md</pre>']])
    expect(fillProseSlots('<div class="mock" data-prose-slot="sample:retry:editor"></div>', samples)).toBe(
      '<div class="mock" data-prose-slot="sample:retry:editor"><pre class="shiki">md</pre></div>',
    )
    const payload = { loaderData: { retry: { name: 'retry', editor: { sample: 'retry:editor', html: PROSE_IN_PAGE } } } }
    expect(fillProseInData(payload, samples)).toEqual({
      loaderData: { retry: { name: 'retry', editor: { sample: 'retry:editor', html: '<pre class="shiki">md</pre>' } } },
    })
  })

  it('reads each document from the render cache, for the page and the payload that show it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'folio-prose-files-'))
    try {
      const files = new Map<string, string>()
      const pack = new PackWriter(dir, 1)
      for (const [key, html] of byKey) files.set(key, await pack.append(html))
      await pack.close()
      const page = await fillProseSlotsFromCache(
        '<main><div class="prose" data-prose-slot="post:hello"></div></main>',
        files,
      )
      expect(page).toBe('<main><div class="prose" data-prose-slot="post:hello"><p>Hello</p></div></main>')
      await expect(
        fillProseSlotsFromCache('<div class="prose" data-prose-slot="post:gone"></div>', files),
      ).rejects.toThrow('No rendered document for prose slot "post:gone"')

      const data = { '0-1': { slug: 'hello', html: PROSE_IN_PAGE }, root: null }
      expect(await proseInLoaderData(data, files)).toEqual({
        '0-1': { slug: 'hello', html: '<p>Hello</p>' },
        root: null,
      })
      // The page's own hydration data keeps the marker: the payload is a copy.
      expect(data['0-1'].html).toBe(PROSE_IN_PAGE)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it("reads a document once for its payload and its page, and again once it is gone", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'folio-prose-once-'))
    try {
      const pack = new PackWriter(dir, 1)
      const files = new Map([['post:once', await pack.append('<p>Once</p>')]])
      await pack.close()
      const data = { post: { slug: 'once', html: PROSE_IN_PAGE } }
      expect(await proseInLoaderData(data, files)).toEqual({ post: { slug: 'once', html: '<p>Once</p>' } })
      // A pack never changes once written; were the document read again, the page would show
      // this instead.
      await writeFile(pack.pack, '<p>Twice</p>')
      expect(
        await fillProseSlotsFromCache('<div class="prose" data-prose-slot="post:once"></div>', files),
      ).toContain('<p>Once</p>')
      // A read that failed is not kept.
      const missing = join(dir, 'later.pack')
      const later = new Map([['post:later', `${missing}#0+12`]])
      await expect(proseInLoaderData({ slug: 'later', html: PROSE_IN_PAGE }, later)).rejects.toThrow()
      await writeFile(missing, '<p>Later</p>')
      expect(await proseInLoaderData({ slug: 'later', html: PROSE_IN_PAGE }, later)).toEqual({
        slug: 'later',
        html: '<p>Later</p>',
      })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
