/**
 * Fills the empty prose elements the prerender left (see src/features/content/ProseHtml.tsx)
 * with the documents' rendered HTML, after vite-react-ssg has finished with the page.
 */
import type { SiteContent } from '../../src/features/content/types.ts'

const SLOT = /(<div class="[^"]*" data-prose-slot="([^"]+)")><\/div>/g

export function proseByKey(content: SiteContent): Map<string, string> {
  const byKey = new Map<string, string>()
  for (const post of content.posts) byKey.set(`post:${post.slug}`, post.html)
  for (const entry of content.changelog) byKey.set(`changelog:${entry.version}`, entry.html)
  for (const page of Object.values(content.pages)) byKey.set(`page:${page.name}`, page.html)
  return byKey
}

export function fillProseSlots(html: string, byKey: Map<string, string>): string {
  return html.replace(SLOT, (element, start: string, key: string) => {
    const prose = byKey.get(key)
    if (prose === undefined) throw new Error(`No rendered document for prose slot "${key}"`)
    return `${start}>${prose}</div>`
  })
}
