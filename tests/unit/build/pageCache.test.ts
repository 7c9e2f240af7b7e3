import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PageCache, pageInputs } from '../../../scripts/build/pageCache.ts'

let parent: string
let cacheDir: string
beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'folio-pagecache-'))
  cacheDir = join(parent, 'cache', 'pages')
})
afterEach(() => rm(parent, { recursive: true, force: true }))

const post = { page: 'blog/hello/index.html', loaderData: 'static-loader-data/blog/hello.h1.json' }
const notFound = { page: '404/index.html', loaderData: null }

async function write(outDir: string, file: string, text: string): Promise<void> {
  await mkdir(dirname(join(outDir, file)), { recursive: true })
  await writeFile(join(outDir, file), text)
}

/** A build that renders (or reuses) its pages, as vite-react-ssg drives the cache. */
async function build(key: string, outDir: string, version: string, stopBeforeSave = false) {
  const cache = await PageCache.open(cacheDir, outDir, key)
  const rendered: string[] = []
  for (const [route, files] of [
    ['/blog/hello', post],
    ['/404', notFound],
  ] as const) {
    if (await cache.reuse(route)) continue
    rendered.push(route)
    const texts = {
      page: `<h1>${route} ${version}</h1>`,
      loaderData: files.loaderData ? `{"v":"${version}"}` : null,
    }
    await write(outDir, files.page, texts.page)
    if (files.loaderData) await write(outDir, files.loaderData, texts.loaderData as string)
    cache.keep(route, files, texts, [`/from${route}`])
  }
  if (!stopBeforeSave) await cache.save()
  return { cache, rendered }
}

describe('PageCache', () => {
  it("reuses the last build's pages and payloads when the key is the same", async () => {
    expect((await build('k1', join(parent, 'dist1'), 'first')).rendered).toEqual([
      '/blog/hello',
      '/404',
    ])
    const second = join(parent, 'dist2')
    const cache = await PageCache.open(cacheDir, second, 'k1')
    expect(await cache.reuse('/blog/hello')).toEqual({
      ...post,
      linkTargets: ['/from/blog/hello'],
      texts: { page: '<h1>/blog/hello first</h1>', loaderData: '{"v":"first"}' },
    })
    expect(await readFile(join(second, post.page), 'utf8')).toBe('<h1>/blog/hello first</h1>')
    expect(await readFile(join(second, post.loaderData), 'utf8')).toBe('{"v":"first"}')
    expect(await cache.reuse('/404')).toEqual({
      ...notFound,
      linkTargets: ['/from/404'],
      texts: { page: '<h1>/404 first</h1>', loaderData: null },
    })
    expect(await cache.reuse('/blog/new-post')).toBeUndefined()
  })

  it('renders every page again under another key, and keeps no page of the old one', async () => {
    await build('k1', join(parent, 'dist1'), 'first')
    const { rendered } = await build('k2', join(parent, 'dist2'), 'second')
    expect(rendered).toEqual(['/blog/hello', '/404'])
    expect(await readFile(join(parent, 'dist2', post.page), 'utf8')).toBe(
      '<h1>/blog/hello second</h1>',
    )
    // Back to the first key: its pages are gone, not mixed in.
    expect((await build('k1', join(parent, 'dist3'), 'third')).rendered).toHaveLength(2)
    expect((await readdir(join(parent, 'cache'))).sort()).toEqual(['pages'])
  })

  it('deletes what a build that crashed left aside', async () => {
    await mkdir(join(parent, 'cache', '.pages-old-123-456'), { recursive: true })
    await build('k1', join(parent, 'dist1'), 'first')
    expect(await readdir(join(parent, 'cache'))).toEqual(['pages'])
  })

  it('keeps one pack of pages, and only the packs its index refers to', async () => {
    await build('k1', join(parent, 'dist1'), 'first')
    // A pack a build wrote before it stopped, with no index to name it.
    await writeFile(join(cacheDir, '999-1.pack'), 'half a build')
    await build('k1', join(parent, 'dist2'), 'second')
    const files = await readdir(cacheDir)
    expect(files.filter((name) => name.endsWith('.pack'))).toHaveLength(1)
    expect(files).not.toContain('999-1.pack')
    // Every page came from that pack: the second build rendered nothing.
    expect(await readFile(join(parent, 'dist2', post.loaderData), 'utf8')).toBe('{"v":"first"}')
  })

  it('keeps the pages it reuses whole when the next build opens within the same millisecond', async () => {
    // A pack named only by process and time: the second build's pack took the first's name,
    // opening it emptied the pack its reused page was still read from, and the third build got
    // another page's bytes (or none) for that page.
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_795_842_411_896)
    try {
      await build('k1', join(parent, 'dist1'), 'first')
      const second = await PageCache.open(cacheDir, join(parent, 'dist2'), 'k1')
      expect(await second.reuse('/blog/hello')).toBeTruthy()
      await write(join(parent, 'dist2'), notFound.page, '<h1>/404 second</h1>')
      second.keep('/404', notFound, { page: '<h1>/404 second</h1>', loaderData: null }, [])
      await second.save()
      const third = await PageCache.open(cacheDir, join(parent, 'dist3'), 'k1')
      expect((await third.reuse('/blog/hello'))?.texts.page).toBe('<h1>/blog/hello first</h1>')
      expect((await third.reuse('/404'))?.texts.page).toBe('<h1>/404 second</h1>')
    } finally {
      now.mockRestore()
    }
  })

  it('has nothing to reuse after a build that stopped before saving', async () => {
    await build('k1', join(parent, 'dist1'), 'first')
    await build('k2', join(parent, 'dist2'), 'second', true)
    expect((await build('k2', join(parent, 'dist3'), 'third')).rendered).toHaveLength(2)
  })

  it('renders the pages whose cached copies went missing or were cut short', async () => {
    await build('k1', join(parent, 'dist1'), 'first')
    const [pack] = (await readdir(cacheDir)).filter((name) => name.endsWith('.pack'))
    // The first page kept (the post) stays whole; what follows it is cut off.
    const bytes = await readFile(join(cacheDir, pack as string))
    const postBytes = Buffer.byteLength('<h1>/blog/hello first</h1>{"v":"first"}')
    await writeFile(join(cacheDir, pack as string), bytes.subarray(0, postBytes + 3))
    const { rendered } = await build('k1', join(parent, 'dist2'), 'second')
    expect(rendered).toEqual(['/404'])
    expect(await readFile(join(parent, 'dist2', notFound.page), 'utf8')).toBe(
      '<h1>/404 second</h1>',
    )
    await rm(cacheDir, { recursive: true })
    await mkdir(cacheDir)
    expect((await build('k1', join(parent, 'dist3'), 'third')).rendered).toHaveLength(2)
  })

  it('keeps a page given as the bytes written as it keeps one given as text', async () => {
    const outDir = join(parent, 'dist1')
    const cache = await PageCache.open(cacheDir, outDir, 'k1')
    // The bytes the finishing thread hands back (finishedBytes), with characters UTF-8 writes
    // in more than one byte.
    const page = new TextEncoder().encode('<h1>Café ✓ 𝄞</h1>')
    const loaderData = new TextEncoder().encode('{"title":"Hé"}')
    await write(outDir, post.page, '<h1>Café ✓ 𝄞</h1>')
    cache.keep('/blog/hello', post, { page, loaderData }, [])
    await cache.save()
    const second = join(parent, 'dist2')
    const again = await PageCache.open(cacheDir, second, 'k1')
    const reused = await again.reuse('/blog/hello')
    await again.save()
    expect(reused?.texts).toEqual({ page: '<h1>Café ✓ 𝄞</h1>', loaderData: '{"title":"Hé"}' })
    expect(await readFile(join(second, post.page))).toEqual(Buffer.from(page))
    expect(await readFile(join(second, post.loaderData))).toEqual(Buffer.from(loaderData))
  })

  it('leaves out a page it could not keep, without failing the build', async () => {
    const cache = await PageCache.open(cacheDir, join(parent, 'dist1'), 'k1')
    // Where the pack should go, a file: the page cannot be kept.
    await mkdir(join(parent, 'cache'), { recursive: true })
    await writeFile(cacheDir, 'not a folder')
    cache.keep('/blog/hello', post, { page: '<h1>hello</h1>', loaderData: '{}' }, [])
    await expect(cache.save()).resolves.toBeUndefined()
    await rm(cacheDir)
    expect((await build('k1', join(parent, 'dist2'), 'second')).rendered).toContain('/blog/hello')
  })

  it('copies pages, so a later change to the output folder leaves the cache as it was', async () => {
    await build('k1', join(parent, 'dist1'), 'first')
    await writeFile(join(parent, 'dist1', post.page), 'edited after the build')
    await build('k1', join(parent, 'dist2'), 'second')
    expect(await readFile(join(parent, 'dist2', post.page), 'utf8')).toBe(
      '<h1>/blog/hello first</h1>',
    )
    expect(existsSync(join(parent, 'dist2', notFound.page))).toBe(true)
  })

  describe('by data, when only the content changed', () => {
    const routes = ['/blog/hello', '/blog/other']
    /**
     * A build as vite-react-ssg drives the cache with both hooks: each page carries the build's
     * hash in its state and its payload's name, and its data says what it shows.
     */
    async function buildWithData(
      key: string,
      build: { code: string; hash: string },
      data: Record<string, string>,
      outDir = join(parent, `dist-${key}`),
    ) {
      const cache = await PageCache.open(cacheDir, outDir, key, build)
      const rendered: string[] = []
      for (const route of routes) {
        if (await cache.reuse(route)) continue
        const inputs = pageInputs(route, { text: data[route] }, [`post:${route}=abc.html`])
        if (await cache.reuseWithData(route, inputs)) continue
        rendered.push(route)
        const files = {
          page: `${route.slice(1)}/index.html`,
          loaderData: `static-loader-data${route}.${build.hash}.json`,
        }
        const texts = {
          page: `<h1>${data[route]}</h1><script>{"hash":"${build.hash}"}</script>`,
          loaderData: `{"text":"${data[route]}"}`,
        }
        await write(outDir, files.page, texts.page)
        await write(outDir, files.loaderData, texts.loaderData)
        cache.keep(route, files, texts, [])
      }
      await cache.save()
      return { rendered, outDir }
    }

    it("reuses a page whose data is the same, with this build's hash, and keeps it so", async () => {
      const code = 'code1'
      const data = { '/blog/hello': 'hello', '/blog/other': 'other' }
      await buildWithData('k1', { code, hash: 'aaaaaaaaaa' }, data)
      const edited = { ...data, '/blog/other': 'other, edited' }
      const second = await buildWithData('k2', { code, hash: 'bbbbbbbbbb' }, edited)
      expect(second.rendered).toEqual(['/blog/other'])
      expect(await readFile(join(second.outDir, 'blog/hello/index.html'), 'utf8')).toBe(
        '<h1>hello</h1><script>{"hash":"bbbbbbbbbb"}</script>',
      )
      expect(
        await readFile(
          join(second.outDir, 'static-loader-data/blog/hello.bbbbbbbbbb.json'),
          'utf8',
        ),
      ).toBe('{"text":"hello"}')
      expect(existsSync(join(second.outDir, 'static-loader-data/blog/hello.aaaaaaaaaa.json'))).toBe(
        false,
      )
      // Kept with the new hash: a third build of other content reuses it again, hash and all.
      const third = await buildWithData(
        'k3',
        { code, hash: 'cccccccccc' },
        {
          ...edited,
          '/blog/other': 'other, edited twice',
        },
      )
      expect(third.rendered).toEqual(['/blog/other'])
      expect(await readFile(join(third.outDir, 'blog/hello/index.html'), 'utf8')).toContain(
        '{"hash":"cccccccccc"}',
      )
    })

    it('renders a page whose documents changed, though its data did not', async () => {
      const build = { code: 'code1', hash: 'aaaaaaaaaa' }
      const outDir = join(parent, 'docs')
      await buildWithData('k1', build, { '/blog/hello': 'hello', '/blog/other': 'other' })
      const cache = await PageCache.open(cacheDir, outDir, 'k2', { ...build, hash: 'bbbbbbbbbb' })
      const data = { text: 'hello' }
      expect(
        await cache.reuseWithData(
          '/blog/hello',
          pageInputs('/blog/hello', data, ['post:/blog/hello=def.html']),
        ),
      ).toBeUndefined()
      expect(
        await cache.reuseWithData(
          '/blog/hello',
          pageInputs('/blog/hello', data, ['post:/blog/hello=abc.html']),
        ),
      ).toBeDefined()
      await cache.save()
    })

    it('renders every page when the code changed', async () => {
      const data = { '/blog/hello': 'hello', '/blog/other': 'other' }
      await buildWithData('k1', { code: 'code1', hash: 'aaaaaaaaaa' }, data)
      const { rendered } = await buildWithData('k2', { code: 'code2', hash: 'bbbbbbbbbb' }, data)
      expect(rendered).toEqual(routes)
    })

    it('renders a page whose hash is not where the build writes it', async () => {
      const data = { '/blog/hello': 'hello', '/blog/other': 'other' }
      const first = await buildWithData('k1', { code: 'code1', hash: 'aaaaaaaaaa' }, data)
      // The hash twice in the page (its text happens to hold it): patching it is not safe.
      const index = JSON.parse(await readFile(join(cacheDir, 'index.json'), 'utf8'))
      const [pack] = (await readdir(cacheDir)).filter((name) => name.endsWith('.pack'))
      const entry = index.pages['/blog/hello']
      const twice = '<h1>{"hash":"aaaaaaaaaa"}</h1><script>{"hash":"aaaaaaaaaa"}</script>'
      const bytes = Buffer.from(twice + '{"text":"hello"}')
      await writeFile(join(cacheDir, pack as string), bytes)
      index.pages['/blog/hello'] = {
        ...entry,
        at: 0,
        pageBytes: Buffer.byteLength(twice),
        loaderDataBytes: bytes.length - Buffer.byteLength(twice),
      }
      delete index.pages['/blog/other']
      await writeFile(join(cacheDir, 'index.json'), JSON.stringify(index))
      expect(first.rendered).toEqual(routes)
      const { rendered } = await buildWithData('k2', { code: 'code1', hash: 'bbbbbbbbbb' }, data)
      expect(rendered).toEqual(routes)
    })
  })
})
