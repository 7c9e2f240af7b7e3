import { Seo } from '../app/Seo'
import { PageHeader } from '../components/PageHeader'
import { ProseHtml, proseSlot, type ContentPage } from '../features/content'
import { formatDate } from '../lib/formatDate'

interface ContentDocumentPageProps {
  page: ContentPage | null
  path: string
  eyebrow: string
}

/** About and terms: a page whose words live in content/pages/<name>.md. */
export function ContentDocumentPage({ page, path, eyebrow }: ContentDocumentPageProps) {
  if (!page) return null
  return (
    <article className="prose-page">
      <Seo title={page.title} description={page.description} path={path} />
      <PageHeader
        eyebrow={eyebrow}
        title={page.title}
        lead={page.updated ? `Last updated ${formatDate(page.updated)}.` : undefined}
      />
      <ProseHtml html={page.html} slot={proseSlot.page(page.name)} />
    </article>
  )
}
