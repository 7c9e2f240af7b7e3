/**
 * The content build: validate content/, render every document (in parallel, cached), and
 * write one JSON file the page loaders read while prerendering. Runs once per build process.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PROSE_IN_PAGE } from '../../src/features/content/proseInPage.ts'
import { readingMinutes } from '../../src/features/content/readingTime.ts'
import type {
  ChangelogEntry,
  ContentPage,
  Post,
  SiteContent,
} from '../../src/features/content/types.ts'
import { languagesIn } from './highlighter.ts'
import { loadContent } from './loadContent.ts'
import { loadSamples, productSamples, sampleBodies } from './productSamples.ts'
import { renderAll, type RenderStats } from './renderAll.ts'

export interface ContentBuildOptions {
  contentDir: string
  /** The JSON file page loaders read while prerendering (server.ts). */
  outFile: string
  /**
   * Whether documents' HTML goes into outFile. A production build leaves it out: its pages
   * carry the PROSE_IN_PAGE marker, filled in from memory after rendering (proseSlots.ts), so
   * a thousand posts' HTML is neither written nor parsed again by the loaders.
   */
  proseInOutFile: boolean
  cacheDir: string
  siteOrigin: string
  includeDrafts: boolean
  /** The product sample notes for the marketing mocks (productSamples.ts); none if left out. */
  samplesDir?: string
}

export function changelogAnchor(version: string): string {
  return `v${version.replace(/[^0-9a-z]+/gi, '-')}`
}

function withoutProse(content: SiteContent): SiteContent {
  const pages: Record<string, ContentPage> = {}
  for (const [name, page] of Object.entries(content.pages)) {
    pages[name] = { ...page, html: PROSE_IN_PAGE }
  }
  return {
    posts: content.posts.map((post) => ({ ...post, html: PROSE_IN_PAGE })),
    changelog: content.changelog.map((entry) => ({ ...entry, html: PROSE_IN_PAGE })),
    pages,
    samples: Object.fromEntries(
      Object.entries(content.samples).map(([name, sample]) => [
        name,
        {
          ...sample,
          editor: { ...sample.editor, html: PROSE_IN_PAGE },
          preview: { ...sample.preview, html: PROSE_IN_PAGE },
        },
      ]),
    ),
  }
}

export async function buildContent(
  options: ContentBuildOptions,
): Promise<{ content: SiteContent; stats: RenderStats }> {
  const sources = await loadContent(options.contentDir, { includeDrafts: options.includeDrafts })
  const documents = [...sources.posts, ...sources.changelog, ...sources.pages]
  const samples = options.samplesDir ? await loadSamples(options.samplesDir) : []
  // The samples render last, beside the documents: same cache, same threads.
  const bodies = [...documents.map((document) => document.body), ...sampleBodies(samples)]
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
  const content: SiteContent = {
    posts,
    changelog,
    pages,
    samples: productSamples(samples, results.slice(documents.length)),
  }
  await mkdir(path.dirname(options.outFile), { recursive: true })
  await writeFile(
    options.outFile,
    JSON.stringify(options.proseInOutFile ? content : withoutProse(content)),
  )
  return { content, stats }
}
