import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'

export function Component() {
  return (
    <div className="prose-page">
      <Seo
        title="Blog"
        description="Notes from the Folio team on markdown, code, security and building a small product well."
        path="/blog"
      />
      <PageHeader
        eyebrow="Blog"
        title="Notes from the Folio team"
        lead="How we build Folio, and what we learn doing it."
      />
    </div>
  )
}
