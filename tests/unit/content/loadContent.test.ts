import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../../scripts/content/loadContent.ts'

const page = (title: string) => `---\ntitle: ${title}\ndescription: About ${title}.\n---\n\nText.\n`

async function contentDir(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'folio-content-'))
  const dir = path.join(root, 'content')
  const all = { 'pages/about.md': page('About'), 'pages/terms.md': page('Terms'), ...files }
  for (const [name, text] of Object.entries(all)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true })
    await writeFile(path.join(dir, name), text)
  }
  return dir
}

const post = (fields: string) => `---\n${fields}\n---\n\nBody.\n`
const goodFields = 'title: Hello\ndescription: A post.\ndate: 2026-05-01\ntags: [news]\nauthor: Ann'

describe('loading content', () => {
  it('reads posts newest first, changelog entries and pages', async () => {
    const dir = await contentDir({
      'blog/older.md': post(goodFields),
      'blog/newer.md': post(goodFields.replace('2026-05-01', '2026-06-01')),
      'changelog/a.md': '---\nversion: 1.0.0\ndate: 2026-01-01\ntitle: One\n---\n- x\n',
      'changelog/b.md': '---\nversion: 1.1.0\ndate: 2026-02-01\ntitle: Two\n---\n- y\n',
    })
    const content = await loadContent(dir, { includeDrafts: false })
    expect(content.posts.map((p) => p.slug)).toEqual(['newer', 'older'])
    expect(content.posts[0]).toMatchObject({ title: 'Hello', tags: ['news'], draft: false, author: 'Ann' })
    expect(content.changelog.map((entry) => entry.version)).toEqual(['1.1.0', '1.0.0'])
    expect(content.pages.map((p) => p.name)).toEqual(['about', 'terms'])
  })

  it('leaves drafts out of production builds only', async () => {
    const dir = await contentDir({ 'blog/wip.md': post(`${goodFields}\ndraft: true`) })
    expect((await loadContent(dir, { includeDrafts: false })).posts).toEqual([])
    expect((await loadContent(dir, { includeDrafts: true })).posts.map((p) => p.slug)).toEqual(['wip'])
  })

  const failures: [string, Record<string, string>, string][] = [
    ['a missing field', { 'blog/a.md': post(goodFields.replace('author: Ann', '')) }, 'content/blog/a.md:2: frontmatter field "author" is missing'],
    [
      'a bad date, with its line',
      { 'blog/a.md': post(goodFields.replace('date: 2026-05-01', 'date: soon')) },
      'content/blog/a.md:4: frontmatter field "date" must be a date written YYYY-MM-DD, got "soon"',
    ],
    [
      'an impossible date',
      { 'blog/a.md': post(goodFields.replace('date: 2026-05-01', 'date: "2026-02-31"')) },
      'content/blog/a.md:4: frontmatter field "date" must be a date written YYYY-MM-DD',
    ],
    [
      'tags that are not a list',
      { 'blog/a.md': post(goodFields.replace('tags: [news]', 'tags: news')) },
      'content/blog/a.md:5: frontmatter field "tags" must be a list of lowercase tags',
    ],
    ['broken YAML', { 'blog/a.md': post('title: [unclosed\ndescription: x') }, 'content/blog/a.md:'],
    ['no frontmatter', { 'blog/a.md': '# Just a heading\n' }, 'content/blog/a.md:1: missing frontmatter'],
    [
      'an unknown field',
      { 'blog/a.md': post(`${goodFields}\nsummary: typo`) },
      'content/blog/a.md:7: unknown frontmatter field "summary"',
    ],
    ['a file name that is not a slug', { 'blog/My Post.md': post(goodFields) }, 'content/blog/My Post.md: the file name must be a slug'],
    [
      'a duplicate changelog version',
      {
        'changelog/a.md': '---\nversion: 1.0.0\ndate: 2026-01-01\ntitle: One\n---\n',
        'changelog/b.md': '---\nversion: 1.0.0\ndate: 2026-01-02\ntitle: Again\n---\n',
      },
      'content/changelog/b.md:2: duplicate version "1.0.0": content/changelog/a.md has it too',
    ],
    [
      'a bad changelog version',
      { 'changelog/a.md': '---\nversion: one\ndate: 2026-01-01\ntitle: One\n---\n' },
      'content/changelog/a.md:2: frontmatter field "version" must be a version like 1.4.0, got "one"',
    ],
  ]
  for (const [what, files, message] of failures) {
    it(`fails on ${what}, naming the file`, async () => {
      const dir = await contentDir(files)
      await expect(loadContent(dir, { includeDrafts: true })).rejects.toThrow(message)
    })
  }

  it('fails on a missing page document', async () => {
    const dir = await contentDir({})
    const { rm } = await import('node:fs/promises')
    await rm(path.join(dir, 'pages/terms.md'))
    await expect(loadContent(dir, { includeDrafts: true })).rejects.toThrow(
      'content/pages/terms.md: this page document is missing',
    )
  })

  it('reads a folder at once but reports the first bad file by name', async () => {
    const files: Record<string, string> = {}
    for (let n = 10; n < 60; n += 1) files[`blog/post-${n}.md`] = post(goodFields)
    files['blog/post-20.md'] = post(goodFields.replace('title: Hello\n', ''))
    files['blog/post-50.md'] = post(goodFields.replace('date: 2026-05-01', 'date: soon'))
    const dir = await contentDir(files)
    await expect(loadContent(dir, { includeDrafts: true })).rejects.toThrow(/content\/blog\/post-20\.md/)
  })

  it('fails on broken YAML with the line in the file', async () => {
    const dir = await contentDir({ 'blog/a.md': '---\ntitle: ok\ndescription: "unclosed\n---\nBody\n' })
    await expect(loadContent(dir, { includeDrafts: true })).rejects.toThrow(
      /content\/blog\/a\.md:\d+: frontmatter is not valid YAML/,
    )
  })
})
