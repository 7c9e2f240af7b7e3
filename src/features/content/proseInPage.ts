/**
 * A rendered document's HTML travels once per prerendered page, not twice. While prerendering,
 * loaders hand pages this marker instead of the HTML: the page body gets the HTML from the
 * build afterwards (scripts/content/proseSlots.ts), and so do the payload files client
 * navigation fetches. The page's own hydration data keeps the marker, and ProseHtml then takes
 * the HTML from the page it is hydrating.
 */
export const PROSE_IN_PAGE = 'folio:prose-in-page'

/** In loaders: the marker while prerendering, the HTML otherwise (the dev server). */
export function proseForPrerender(html: string): string {
  return import.meta.env.SSR && import.meta.env.PROD ? PROSE_IN_PAGE : html
}

/**
 * The name a document's prose element carries (`data-prose-slot`), shared by the pages that
 * render it and the build step that fills it in.
 */
export const proseSlot = {
  post: (slug: string) => `post:${slug}`,
  changelog: (version: string) => `changelog:${version}`,
  page: (name: string) => `page:${name}`,
  /** `name` is a sample view's own name: `retry:editor`. */
  sample: (name: string) => `sample:${name}`,
}
