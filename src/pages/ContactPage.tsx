import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'

export function Component() {
  return (
    <div className="prose-page">
      <Seo
        title="Contact"
        description="Questions, feedback or a bug to report? Write to the Folio team."
        path="/contact"
      />
      <PageHeader
        eyebrow="Contact"
        title="Talk to the people who build Folio"
        lead="We read every message and answer within two working days."
      />
      <p>
        Write to <a href="mailto:hello@folio.example">hello@folio.example</a> for questions about
        plans, billing or self-hosting.
      </p>
    </div>
  )
}
