/**
 * After prerendering: the crawler files. (Pages are finished and link-checked by
 * finishBuild.ts, each as it is rendered; payloads get their documents' HTML as they are
 * written, proseSlots.ts.)
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { robotsTxt, rssXml, sitemapXml } from './siteFiles.ts'
import { builtContent } from './vitePlugin.ts'

export const FEED_TITLE = 'The Folio blog'
export const FEED_DESCRIPTION =
  'Notes from the Folio team on markdown, code, security and building a small product well.'

export async function finishContent(distDir: string): Promise<void> {
  const { siteUrl, content } = builtContent()
  const { posts } = await content
  await Promise.all([
    writeFile(path.join(distDir, 'sitemap.xml'), sitemapXml(siteUrl, posts)),
    writeFile(path.join(distDir, 'rss.xml'), rssXml(siteUrl, posts, FEED_TITLE, FEED_DESCRIPTION)),
    writeFile(path.join(distDir, 'robots.txt'), robotsTxt(siteUrl)),
  ])
}
