interface ProseHtmlProps {
  /** Output of renderMarkdown: sanitised before it gets here, never raw user HTML. */
  html: string
  /**
   * Names the document (`post:<slug>`, `page:about`, `changelog:<version>`) so the prerender
   * can leave the element empty and the build fills it in afterwards (scripts/content/
   * proseSlots.ts): the prerenderer parses every page with jsdom, and highlighted code makes
   * that the slowest part of a large build. In the browser the HTML is always rendered.
   */
  slot?: string
  className?: string
}

/** Rendered markdown in the site's prose styles. */
export function ProseHtml({ html, slot, className = 'prose' }: ProseHtmlProps) {
  if (import.meta.env.SSR && slot) return <div className={className} data-prose-slot={slot} />
  return <div className={className} data-prose-slot={slot} dangerouslySetInnerHTML={{ __html: html }} />
}
