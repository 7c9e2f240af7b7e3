/**
 * Build-time access to the rendered content, for page loaders while prerendering. Loaders
 * import this module only under `import.meta.env.SSR`, so it, and Node's file system, never
 * reach the browser: in the browser a page's data comes from its prerendered payload file.
 */
import { readFileSync } from 'node:fs'
import { proseForPrerender } from './proseInPage'
import type {
  ChangelogEntry,
  ContentPage,
  PostPageData,
  PostSummary,
  ProductSample,
  SiteContent,
} from './types'

/** Where scripts/content/vitePlugin.ts wrote this build's content. */
export const CONTENT_FILE_ENV = 'FOLIO_CONTENT_FILE'

let content: SiteContent | undefined

function siteContent(): SiteContent {
  const file = process.env[CONTENT_FILE_ENV]
  if (!file) throw new Error(`${CONTENT_FILE_ENV} is not set: the content plugin did not run`)
  content ??= JSON.parse(readFileSync(file, 'utf8')) as SiteContent
  return content
}

export function postSummaries(): PostSummary[] {
  return siteContent().posts.map(({ html: _html, headings: _headings, ...summary }) => summary)
}

export function findPost(slug: string): PostPageData | undefined {
  const post = siteContent().posts.find((candidate) => candidate.slug === slug)
  if (!post) return undefined
  const { headings: _headings, ...page } = post
  return { ...page, html: proseForPrerender(post.html) }
}

export function changelogEntries(): ChangelogEntry[] {
  return siteContent().changelog.map((entry) => ({ ...entry, html: proseForPrerender(entry.html) }))
}

export function contentPage(name: 'about' | 'terms'): ContentPage {
  const page = siteContent().pages[name]
  if (!page) throw new Error(`content/pages/${name}.md was not built`)
  return { ...page, html: proseForPrerender(page.html) }
}

/** The product sample notes `names` (src/features/marketing/samples), for the marketing mocks. */
export function productSamples<Name extends string>(names: Name[]): Record<Name, ProductSample> {
  const samples = siteContent().samples
  const picked = {} as Record<Name, ProductSample>
  for (const name of names) {
    const sample = samples[name]
    if (!sample) throw new Error(`src/features/marketing/samples/${name}.md was not built`)
    picked[name] = {
      name,
      editor: { ...sample.editor, html: proseForPrerender(sample.editor.html) },
      preview: { ...sample.preview, html: proseForPrerender(sample.preview.html) },
    }
  }
  return picked
}
