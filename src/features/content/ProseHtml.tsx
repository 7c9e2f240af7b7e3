interface ProseHtmlProps {
  /** Output of renderMarkdown: sanitised before it gets here, never raw user HTML. */
  html: string
  className?: string
}

/** Rendered markdown in the site's prose styles. */
export function ProseHtml({ html, className = 'prose' }: ProseHtmlProps) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />
}
