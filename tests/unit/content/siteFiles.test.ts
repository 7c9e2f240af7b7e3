import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { PostSummary } from '../../../src/features/content/types.ts'
import { brokenLinks, linkTargets } from '../../../scripts/build/linkCheck.ts'
import { robotsTxt, rssXml, sitemapXml } from '../../../scripts/content/siteFiles.ts'

const posts: PostSummary[] = [
  {
    slug: 'tips-and-tricks',
    title: 'Tips & <tricks>',
    description: 'Quotes " and ampersands &',
    date: '2026-06-02',
    tags: ['news'],
    author: 'Ann',
    readingMinutes: 3,
  },
]

describe('crawler files', () => {
  it('lists public pages and posts in the sitemap, not flows or guarded pages', () => {
    const xml = sitemapXml('https://folio.example', posts)
    expect(xml).toContain('<loc>https://folio.example/pricing</loc>')
    expect(xml).toContain(
      '<url><loc>https://folio.example/blog/tips-and-tricks</loc><lastmod>2026-06-02</lastmod></url>',
    )
    for (const hidden of ['/dashboard', '/stripe', '/login', '/confirm', '/success', ':slug'])
      expect(xml).not.toContain(`folio.example${hidden}<`)
  })

  it('writes an RSS 2.0 feed with escaped text and RFC 822 dates', () => {
    const xml = rssXml('https://folio.example', posts, 'Blog', 'All posts')
    expect(xml).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">')
    expect(xml).toContain('<title>Tips &#38; &#60;tricks&#62;</title>')
    expect(xml).toContain('<description>Quotes &#34; and ampersands &#38;</description>')
    expect(xml).toContain('<pubDate>Tue, 02 Jun 2026 00:00:00 GMT</pubDate>')
    expect(xml).toContain('<guid isPermaLink="true">https://folio.example/blog/tips-and-tricks</guid>')
    expect(xml).toContain('<atom:link href="https://folio.example/rss.xml" rel="self"')
  })

  it('points robots at the sitemap and keeps them out of signed-in pages', () => {
    const robots = robotsTxt('https://folio.example')
    expect(robots).toContain('Sitemap: https://folio.example/sitemap.xml')
    expect(robots).toContain('Disallow: /dashboard')
  })
})

describe('the link check', () => {
  it('finds links and assets that have no file, and accepts those that do', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'folio-links-'))
    await mkdir(path.join(dist, 'blog/post'), { recursive: true })
    await mkdir(path.join(dist, 'assets'))
    await mkdir(path.join(dist, 'empty-dir'))
    const post = '<p>post</p>'
    const home =
      '<a href="/blog/post">ok</a><a href="/blog/post/#x">ok</a><a href="/blog/post?a=1">ok</a>' +
      '<script src="/assets/app.js"></script><a href="https://elsewhere.example/x">external</a>' +
      '<a href="/blog/missing">broken</a><img src="/assets/gone.png"><a href="/empty-dir">no index</a>'
    await writeFile(path.join(dist, 'blog/post/index.html'), post)
    await writeFile(path.join(dist, 'assets/app.js'), '')
    await writeFile(path.join(dist, 'index.html'), home)
    const targetsByPage = new Map([
      ['index.html', linkTargets(home)],
      ['blog/post/index.html', linkTargets(post)],
    ])
    expect(brokenLinks(dist, targetsByPage)).toEqual([
      { page: 'index.html', target: '/blog/missing' },
      { page: 'index.html', target: '/assets/gone.png' },
      { page: 'index.html', target: '/empty-dir' },
    ])
  })
})
