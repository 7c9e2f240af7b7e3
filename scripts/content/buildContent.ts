/**
 * The content build: validate content/, render every document (in parallel, cached), and
 * write one JSON file the page loaders read while prerendering. Runs once per build process.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { readingMinutes } from '../../src/features/content/readingTime.ts'
import type {
  ChangelogEntry,
  ContentPage,
  Post,
  SiteContent,
} from '../../src/features/content/types.ts'
import { languagesIn } from './highlighter.ts'
import { loadContent } from './loadContent.ts'
import { renderAll, type RenderStats } from './renderAll.ts'

export interface ContentBuildOptions {
  contentDir: string
  outFile: string
  cacheDir: string
  siteOrigin: string
  includeDrafts: boolean
}

export function changelogAnchor(version: string): string {
  return `v${version.replace(/[^0-9a-z]+/gi, '-')}`
}

export async function buildContent(
  options: ContentBuildOptions,
): Promise<{ content: SiteContent; stats: RenderStats }> {
  const sources = await loadContent(options.contentDir, { includeDrafts: options.includeDrafts })
  const documents = [...sources.posts, ...sources.changelog, ...sources.pages]
  const bodies = documents.map((document) => document.body)
  const { results, stats } = await renderAll(bodies, {
    langs: languagesIn(bodies),
    siteOrigin: options.siteOrigin,
    cacheDir: options.cacheDir,
  })
  let next = 0
  const take = () => results[next++]!

  const posts: Post[] = sources.posts.map(({ slug, title, description, date, tags, author }) => {
    const rendered = take()
    return {
      slug,
      title,
      description,
      date,
      tags,
      author,
      readingMinutes: readingMinutes(rendered.words),
      html: rendered.html,
      headings: rendered.headings,
    }
  })
  const changelog: ChangelogEntry[] = sources.changelog.map(({ version, date, title }) => ({
    version,
    date,
    title,
    anchor: changelogAnchor(version),
    html: take().html,
  }))
  const pages: Record<string, ContentPage> = {}
  for (const { name, title, description, updated } of sources.pages) {
    const rendered = take()
    pages[name] = {
      name,
      title,
      description,
      ...(updated ? { updated } : {}),
      html: rendered.html,
      headings: rendered.headings,
    }
  }
  const content: SiteContent = { posts, changelog, pages }
  await mkdir(path.dirname(options.outFile), { recursive: true })
  await writeFile(options.outFile, JSON.stringify(content))
  return { content, stats }
}
