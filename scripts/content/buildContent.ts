/**
 * The content build: validate content/, render every document (in parallel, cached), and
 * write one JSON file the page loaders read while prerendering. Runs once per build process.
 * Documents' HTML stays in the render cache (renderCache.ts); a production build reads each
 * when the page that shows it is finished (proseSlots.ts).
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
import { proseByKey } from './proseSlots.ts'
import { renderAll, type RenderStats } from './renderAll.ts'
import { PackReader } from './renderCache.ts'

export interface ContentBuildOptions {
  contentDir: string
  /** The JSON file page loaders read while prerendering (server.ts). */
  outFile: string
  /**
   * Whether documents' HTML goes into outFile. A production build leaves it out: its pages
   * carry the PROSE_IN_PAGE marker, filled in from the render cache after rendering
   * (proseSlots.ts), so a thousand posts' HTML is neither held, nor written and parsed again by
   * the loaders.
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

export interface BuiltContent {
  /** What the page loaders see: documents' HTML, or the marker in a production build. */
  content: SiteContent
  /** Where each document's HTML is in the render cache, by its prose slot (proseInPage.ts). */
  proseLocations: Map<string, string>
  stats: RenderStats
}

/** `located` with each html field (its location in the render cache) replaced by the HTML. */
async function withProseRead(located: SiteContent): Promise<SiteContent> {
  const texts = new Map<string, string>()
  const reader = new PackReader()
  try {
    await Promise.all(
      [...new Set(proseByKey(located).values())].map(async (location) =>
        texts.set(location, await reader.read(location)),
      ),
    )
  } finally {
    await reader.close()
  }
  const text = (location: string) => texts.get(location) as string
  const pages: Record<string, ContentPage> = {}
  for (const [name, page] of Object.entries(located.pages)) {
    pages[name] = { ...page, html: text(page.html) }
  }
  return {
    posts: located.posts.map((post) => ({ ...post, html: text(post.html) })),
    changelog: located.changelog.map((entry) => ({ ...entry, html: text(entry.html) })),
    pages,
    samples: Object.fromEntries(
      Object.entries(located.samples).map(([name, sample]) => [
        name,
        {
          ...sample,
          editor: { ...sample.editor, html: text(sample.editor.html) },
          preview: { ...sample.preview, html: text(sample.preview.html) },
        },
      ]),
    ),
  }
}

export async function buildContent(options: ContentBuildOptions): Promise<BuiltContent> {
  const sources = await loadContent(options.contentDir, { includeDrafts: options.includeDrafts })
  const documents = [...sources.posts, ...sources.changelog, ...sources.pages]
  const samples = options.samplesDir ? await loadSamples(options.samplesDir) : []
  // The samples render first, beside the documents (same cache, same threads): their editor
  // views highlight markdown and every language it embeds, the slowest blocks of the site, and
  // queued last they kept one thread working alone after the other had finished.
  const sampleTexts = sampleBodies(samples)
  const bodies = [...sampleTexts, ...documents.map((document) => document.body)]
  const { results, stats } = await renderAll(bodies, {
    langs: languagesIn(bodies),
    siteOrigin: options.siteOrigin,
    cacheDir: options.cacheDir,
  })
  let next = sampleTexts.length
  const take = () => results[next++]!
  // Until the end, each document's html field holds where its HTML is in the render cache.
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
      html: rendered.location,
      headings: rendered.headings,
    }
  })
  const changelog: ChangelogEntry[] = sources.changelog.map(({ version, date, title }) => ({
    version,
    date,
    title,
    anchor: changelogAnchor(version),
    html: take().location,
  }))
  const pages: Record<string, ContentPage> = {}
  for (const { name, title, description, updated } of sources.pages) {
    const rendered = take()
    pages[name] = {
      name,
      title,
      description,
      ...(updated ? { updated } : {}),
      html: rendered.location,
      headings: rendered.headings,
    }
  }
  const located: SiteContent = {
    posts,
    changelog,
    pages,
    samples: productSamples(
      samples,
      results
        .slice(0, sampleTexts.length)
        .map(({ location, ...rendered }) => ({ ...rendered, html: location })),
    ),
  }
  const content = options.proseInOutFile ? await withProseRead(located) : withoutProse(located)
  await mkdir(path.dirname(options.outFile), { recursive: true })
  await writeFile(options.outFile, JSON.stringify(content))
  return { content, proseLocations: proseByKey(located), stats }
}
