import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'

export function Component() {
  return (
    <article className="prose-page">
      <Seo
        title="Terms of service"
        description="The terms that apply when you use Folio."
        path="/terms"
      />
      <PageHeader eyebrow="Legal" title="Terms of service" />
      <p>
        By creating a Folio account you agree to use the service lawfully and to keep your sign-in
        details safe. Your notes are yours: we store them to provide the service and never sell or
        read them. You can export or delete them at any time.
      </p>
    </article>
  )
}
