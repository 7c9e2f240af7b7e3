import '../styles/pages.css'
import { Link, useLoaderData } from 'react-router-dom'
import { Seo } from '../app/Seo'
import { SITE_NAME, SITE_TAGLINE } from '../app/site'
import type { ProductSample } from '../features/content'
import { EditorPreviewMock, SampleHtml } from '../features/marketing'
import { FREE_DOCUMENT_LIMIT } from '../lib/plans'
import { HydrateInTurn } from '../app/HydrateInTurn'

type LandingSamples = Record<'retry' | 'runbook', ProductSample>

/** Runs while prerendering; in the browser the page's payload file stands in for it. */
export async function loader(): Promise<LandingSamples | null> {
  if (!import.meta.env.SSR) return null
  const { productSamples } = await import('../features/content/server')
  return productSamples(['retry', 'runbook'])
}

const features = [
  {
    title: 'A real code editor',
    body: 'CodeMirror 6 with markdown and nested highlighting for the languages inside your fences, search, and undo that remembers.',
  },
  {
    title: 'Rendered like a blog post',
    body: 'The preview uses the exact pipeline that renders this site: GitHub-flavoured markdown, shiki highlighting, light and dark themes.',
  },
  {
    title: 'Yours, everywhere',
    body: 'Notes sync in real time between tabs and devices. Edit on the laptop, read on the phone, never lose a word to a conflict.',
  },
  {
    title: 'Private by construction',
    body: 'Row-level security in Postgres means your notes are readable by you alone — enforced by the database, not by hope.',
  },
  {
    title: 'Two-factor sign-in',
    body: 'Protect your account with any TOTP authenticator app. Sign out of one device, the others, or everywhere at once.',
  },
  {
    title: 'Open and self-hostable',
    body: 'Folio runs on Supabase and a static CDN. Host it yourself in an afternoon, or let us run it for you.',
  },
]

export function Component() {
  const samples = useLoaderData() as LandingSamples | null
  return (
    <>
      <Seo
        title={SITE_NAME}
        description={`${SITE_TAGLINE} Write technical notes in a real editor and keep them private, synced and fast.`}
        path="/"
      />
      <HydrateInTurn as="section" className="hero">
        <div className="container hero__layout">
          <div className="hero__text">
            <p className="eyebrow">Technical notes, done properly</p>
            <h1 className="hero__title">
              <span>Write markdown with real code.</span> <span>Read it beautifully.</span>
            </h1>
            <p className="hero__lead">
              Folio is a workspace for engineers' notes: runbooks, snippets, design sketches and
              postmortems. A proper code editor on the left, a crisp preview on the right, and your
              notes synced to every device.
            </p>
            <div className="hero__actions">
              <Link className="button button--primary" to="/login?mode=signup">
                Start free
              </Link>
              <Link className="button" to="/home">
                Take the tour
              </Link>
            </div>
            <p className="hero__note">
              Free forever for {FREE_DOCUMENT_LIMIT} documents. No card needed.
            </p>
          </div>
          {samples ? (
            <EditorPreviewMock
              title="Retry with backoff"
              sample={samples.retry}
              cursorLine={15}
              className="hero__shot"
            />
          ) : null}
        </div>
      </HydrateInTurn>

      <HydrateInTurn as="section" className="section" aria-labelledby="features-title">
        <div className="container">
          <h2 id="features-title">Everything a technical note needs</h2>
          <ul className="feature-grid">
            {features.map((feature) => (
              <li key={feature.title} className="card">
                <h3>{feature.title}</h3>
                <p>{feature.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </HydrateInTurn>

      <HydrateInTurn as="section" className="section section--muted" aria-labelledby="sample-title">
        <div className="container split">
          <div>
            <h2 id="sample-title">Code looks like code</h2>
            <p>
              Fenced blocks are highlighted with the same grammars your editor uses, in light and
              dark. Paste a stack trace, a migration or a shell session and it reads the way it
              should.
            </p>
            <Link to="/blog/why-we-render-markdown-at-build-time">
              Read how we render markdown →
            </Link>
          </div>
          {samples ? (
            <figure className="code-sample">
              <SampleHtml view={samples.runbook.preview} className="prose" />
              <figcaption>A runbook in Folio: SQL and a shell session, highlighted.</figcaption>
            </figure>
          ) : null}
        </div>
      </HydrateInTurn>

      <HydrateInTurn as="section" className="section" aria-labelledby="pricing-title">
        <div className="container pricing-teaser">
          <h2 id="pricing-title">Simple pricing</h2>
          <p>
            <strong>Free</strong> keeps {FREE_DOCUMENT_LIMIT} documents with everything else
            included. <strong>Pro</strong> is $8 a month or $80 a year for unlimited documents and
            image attachments.
          </p>
          <Link className="button button--primary" to="/pricing">
            See plans
          </Link>
        </div>
      </HydrateInTurn>
    </>
  )
}
