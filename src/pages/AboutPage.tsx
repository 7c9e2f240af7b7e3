import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'

export function Component() {
  return (
    <article className="prose-page">
      <Seo
        title="About"
        description="Folio is made by a small team of engineers who wanted a better home for technical notes."
        path="/about"
      />
      <PageHeader eyebrow="About" title="We build the notes app we wanted" />
      <p>
        Folio started as a folder of markdown files, a static-site generator and a lot of
        copy-and-paste. We wanted our runbooks and snippets to look as good as our documentation and
        to be as easy to edit as a scratch file. Nothing we tried did both.
      </p>
      <p>
        So we built Folio: a real code editor, a renderer that treats code with respect, and an
        account that keeps it all private and in sync. It is open source and self-hostable, because
        notes are too important to lock up.
      </p>
    </article>
  )
}
