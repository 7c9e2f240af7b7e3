/** The shapes content takes once validated and rendered (shared by build, pages and preview). */
export interface Heading {
  depth: number
  id: string
  text: string
}

export interface RenderedMarkdown {
  html: string
  headings: Heading[]
  /**
   * Words of prose (code excluded), for the reading time: with `countWords` (the build), which
   * the dashboard preview leaves out (markdown.ts).
   */
  words?: number
  /**
   * With `sourceLines` (the dashboard preview): each top-level block's first and last line in
   * the markdown, 1-based, as pairs; 0 and 0 for a block with no place in it (markdown.ts).
   */
  blockLines?: number[]
}

export interface PostSummary {
  slug: string
  title: string
  description: string
  /** ISO date, YYYY-MM-DD. */
  date: string
  tags: string[]
  author: string
  readingMinutes: number
}

export interface Post extends PostSummary {
  html: string
  headings: Heading[]
}

/**
 * A post as its page gets it: without the headings, which nothing on the page lists and which
 * the prose already holds, so the page's hydration data does not carry them twice.
 */
export type PostPageData = Omit<Post, 'headings'>

export interface ChangelogEntry {
  version: string
  date: string
  title: string
  /** The anchor on /changelog: `v1-2-0` for 1.2.0. */
  anchor: string
  html: string
}

export interface ContentPage {
  name: string
  title: string
  description: string
  /** ISO date of the last change, when the document gives one. */
  updated?: string
  html: string
  headings: Heading[]
}

/** Everything the content build produced, as the page loaders read it. */
export interface SiteContent {
  /** Newest first. */
  posts: Post[]
  /** Newest first. */
  changelog: ChangelogEntry[]
  pages: Record<string, ContentPage>
  /** The product sample notes by name (`retry`), rendered at build time like every document. */
  samples: Record<string, ProductSample>
}

/**
 * One rendering of a product sample note (src/features/marketing/samples), for the marketing
 * pages' product mocks: `sample` names it (`retry:editor`), `html` is the pipeline's output.
 */
export interface SampleView {
  sample: string
  html: string
}

/** A sample note as the editor shows it (its markdown, highlighted) and as the preview does. */
export interface ProductSample {
  name: string
  editor: SampleView
  preview: SampleView
}
