import { ProseHtml, proseSlot, type SampleView } from '../content'

interface SampleHtmlProps {
  view: SampleView
  className: string
}

/**
 * One build-time rendering of a sample note. It travels like a post's prose: the prerendered
 * page holds the HTML and hydration reads it back, so none of it rides in the page's JavaScript.
 */
export function SampleHtml({ view, className }: SampleHtmlProps) {
  return <ProseHtml html={view.html} slot={proseSlot.sample(view.sample)} className={className} />
}
