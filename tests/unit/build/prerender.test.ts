/**
 * A real build of the site with 40 more posts whose titles, descriptions and text are made of
 * characters UTF-8 writes in two or three bytes. React 18.3's streaming renderer wrote whole
 * 2 KB buffers and left a NUL byte where such a character did not fit at a buffer's end
 * (react/react#31134): on this content, the blog index held one, in the middle of a
 * description. Pages now render with renderToString (patches/vite-react-ssg+0.9.2.patch).
 *
 * The same build also leaves alone what another build of the project has in progress: its
 * server bundle, in a folder of its own under `.vite-react-ssg-temp`. vite-react-ssg removed the
 * whole folder when it finished, and a build still prerendering beside it (this one and
 * rebuild.test.ts run at once) wrote its pages as error screens.
 */
import { cp, mkdir, mkdtemp, readFile, readdir, rm, rmdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite } from './siteBuild.ts'

const MULTI_BYTE = ['é', '€', '·', '—', 'ü', '✓', 'ö', '“', 'ß']
const POSTS = 40

/** Post `n`'s description: multi-byte characters only, of a length that varies from post to post. */
function description(n: number): string {
  const length = 37 + ((n * 7) % 50)
  return Array.from({ length }, (_, i) => MULTI_BYTE[(n + i) % MULTI_BYTE.length]).join('')
}

const title = (n: number) => `Ünïcödé post ${n} — “quoted” · €${n}`

let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'folio-prerender-'))
  await cp('content', join(root, 'content'), { recursive: true })
  for (let n = 0; n < POSTS; n += 1) {
    await writeFile(
      join(root, 'content/blog', `multi-byte-${n}.md`),
      [
        '---',
        `title: ${title(n)}`,
        `description: ${description(n)}`,
        `date: 2021-01-${String((n % 28) + 1).padStart(2, '0')}`,
        'tags: [unicode]',
        'author: Zoë Müller',
        '---',
        '',
        `Text with ümlauts — and “quotes” · ${description(n)}`,
        '',
      ].join('\n'),
    )
  }
})
afterAll(() => rm(root, { recursive: true, force: true }))

describe('prerendered pages', () => {
  it('hold every character as written, and no NUL byte', { timeout: 240_000 }, async () => {
    // Another build's server bundle, as if it were still prerendering from it.
    const temporary = join(process.cwd(), '.vite-react-ssg-temp')
    const another = join(temporary, `another-build-${process.pid}`)
    await mkdir(another, { recursive: true })
    await writeFile(join(another, 'server.mjs'), 'export {}')
    const out = join(root, 'dist')
    try {
      await buildSite(join(root, 'content'), out, join(root, 'cache'))
      expect(await readFile(join(another, 'server.mjs'), 'utf8')).toBe('export {}')
    } finally {
      await rm(another, { recursive: true, force: true })
      await rmdir(temporary).catch(() => undefined)
    }

    const entries = await readdir(out, { recursive: true, withFileTypes: true })
    const files = entries
      .filter((entry) => entry.isFile() && /\.(html|json)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
    expect(files.length).toBeGreaterThan(POSTS)
    const withNul: string[] = []
    for (const file of files) {
      if ((await readFile(file)).includes(0)) withNul.push(relative(out, file))
    }
    expect(withNul).toEqual([])

    const index = await readFile(join(out, 'blog/index.html'), 'utf8')
    // The index is long enough to cross many of the renderer's 2 KB buffers.
    expect(Buffer.byteLength(index)).toBeGreaterThan(20 * 2048)
    for (let n = 0; n < POSTS; n += 1) {
      expect(index).toContain(`>${title(n)}</a>`)
      expect(index).toContain(`<p>${description(n)}</p>`)
    }
  })
})
