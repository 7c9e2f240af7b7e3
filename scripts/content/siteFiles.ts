/**
 * The files crawlers read: sitemap.xml (every public, indexable page and post), rss.xml (the
 * posts, RSS 2.0 with an atom:self link) and robots.txt (pointing at the sitemap).
 */
import type { PostSummary } from '../../src/features/content/types.ts'
import { routeRules } from '../../src/routeRules.ts'

/** Public pages that are not worth a search result: flows and confirmations. */
const NOT_INDEXED = new Set(['/login', '/confirm', '/success', '/subscribe/success'])

export function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
}

export function sitemapXml(siteUrl: string, posts: PostSummary[]): string {
  const pages = routeRules
    .filter((rule) => !rule.guarded && !NOT_INDEXED.has(rule.path) && !rule.path.includes(':'))
    .map((rule) => ({ path: rule.path, lastmod: undefined as string | undefined }))
  const entries = [...pages, ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.date }))]
  const urls = entries
    .map(
      ({ path, lastmod }) =>
        `  <url><loc>${escapeXml(siteUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

function rfc822(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toUTCString()
}

export function rssXml(siteUrl: string, posts: PostSummary[], title: string, description: string): string {
  const items = posts
    .map((post) => {
      const link = `${siteUrl}/blog/${post.slug}`
      return [
        '    <item>',
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <pubDate>${rfc822(post.date)}</pubDate>`,
        `      <description>${escapeXml(post.description)}</description>`,
        ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
        '    </item>',
      ].join('\n')
    })
    .join('\n')
  const updated = posts[0] ? `\n    <lastBuildDate>${rfc822(posts[0].date)}</lastBuildDate>` : ''
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(title)}</title>
    <link>${escapeXml(`${siteUrl}/blog`)}</link>
    <description>${escapeXml(description)}</description>
    <language>en</language>
    <atom:link href="${escapeXml(`${siteUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>${updated}
${items}
  </channel>
</rss>
`
}

export function robotsTxt(siteUrl: string): string {
  const disallowed = routeRules.filter((rule) => rule.guarded).map((rule) => `Disallow: ${rule.path}`)
  return `User-agent: *\nAllow: /\n${disallowed.join('\n')}\n\nSitemap: ${siteUrl}/sitemap.xml\n`
}
