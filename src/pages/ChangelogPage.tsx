import { Seo } from '../app/Seo'
import { PageHeader } from '../components/PageHeader'

export function Component() {
  return (
    <div className="container narrow">
      <Seo title="Changelog" description="Every Folio release, newest first." path="/changelog" />
      <PageHeader eyebrow="Changelog" title="What’s new in Folio" />
    </div>
  )
}
