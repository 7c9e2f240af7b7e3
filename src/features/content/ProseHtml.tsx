import { useState } from 'react'
import { PROSE_IN_PAGE } from './proseInPage'

interface ProseHtmlProps {
  /** Output of renderMarkdown (sanitised before it gets here), or PROSE_IN_PAGE. */
  html: string
  /**
   * Names the document (`post:<slug>`, `page:about`, `changelog:<version>`) so the prerender
   * can leave the element empty and the build fill it in afterwards (scripts/content/
   * proseSlots.ts): the prerender then neither renders nor re-parses each post's highlighted
   * code, which made it the slowest part of a large build.
   */
  slot?: string
  className?: string
}

/** The HTML a prerendered page already holds for `slot` (see proseInPage.ts). */
function htmlInPage(slot: string | undefined): string {
  if (typeof document === 'undefined' || !slot) return ''
  return document.querySelector(`[data-prose-slot="${CSS.escape(slot)}"]`)?.innerHTML ?? ''
}

/** Rendered markdown in the site's prose styles. */
export function ProseHtml({ html, slot, className = 'prose' }: ProseHtmlProps) {
  const [fromPage] = useState(() => (html === PROSE_IN_PAGE ? htmlInPage(slot) : ''))
  if (import.meta.env.SSR && slot) return <div className={className} data-prose-slot={slot} />
  const content = html === PROSE_IN_PAGE ? fromPage : html
  return (
    <div className={className} data-prose-slot={slot} dangerouslySetInnerHTML={{ __html: content }} />
  )
}
