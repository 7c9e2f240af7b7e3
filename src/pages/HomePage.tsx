import '../styles/pages.css'
import { Link, useLoaderData } from 'react-router-dom'
import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'
import type { ProductSample } from '../features/content'
import { EditorPreviewMock } from '../features/marketing'
import {
  AttachmentMock,
  ConflictMock,
  RealtimeMock,
  TwoFactorMock,
} from '../features/marketing/tour'
import { FREE_DOCUMENT_LIMIT } from '../lib/plans'
import { HydrateInTurn } from '../app/HydrateInTurn'

type TourSamples = Record<'runbook' | 'conflict' | 'attachment', ProductSample>

/** Runs while prerendering; in the browser the page's payload file stands in for it. */
export async function loader(): Promise<TourSamples | null> {
  if (!import.meta.env.SSR) return null
  const { productSamples } = await import('../features/content/server')
  return productSamples(['runbook', 'conflict', 'attachment'])
}

interface Capability {
  /** Names the section for tests and anchors. */
  id: string
  title: string
  paragraphs: string[]
  picture: (samples: TourSamples) => React.ReactNode
}

const capabilities: Capability[] = [
  {
    id: 'editor',
    title: 'Write in a real editor, read it as it will look',
    paragraphs: [
      'Folio’s editor is CodeMirror 6: markdown syntax highlighting, nested highlighting inside fenced code, line wrapping, search and replace, and an undo history that survives your experiments. Keyboard shortcuts for everything you do twice: Ctrl/⌘+Alt+N for a new note, Ctrl/⌘+K to search, Ctrl/⌘+S to save now.',
      'The preview sits beside the editor (or below it on a phone) and uses the same renderer as our blog: tables, task lists, footnotes, and code highlighted by shiki with light and dark themes. Highlighting runs off the main thread so typing stays smooth in long notes.',
    ],
    picture: (samples) => (
      <EditorPreviewMock title="Rotate the database password" sample={samples.runbook} />
    ),
  },
  {
    id: 'conflicts',
    title: 'Never lose a word',
    paragraphs: [
      'Folio saves a moment after you stop typing and tells you plainly whether a note is saved, saving, offline or failed. A failed save keeps your text and retries.',
      'If the same note changed on another device, nothing is saved over it: you see what differs and choose to keep yours, take theirs, or keep both.',
    ],
    picture: (samples) => <ConflictMock diff={samples.conflict} />,
  },
  {
    id: 'realtime',
    title: 'Keep it in sync',
    paragraphs: [
      'Open the same note in two tabs or on two devices and edits appear without a reload. New notes show up in the list everywhere you are signed in.',
    ],
    picture: () => <RealtimeMock />,
  },
  {
    id: 'attachments',
    title: 'Add pictures (Pro)',
    paragraphs: [
      'Paste or drop a screenshot into a note: it is uploaded to your private storage folder and linked in the markdown for you.',
    ],
    picture: (samples) => <AttachmentMock note={samples.attachment} />,
  },
  {
    id: 'two-factor',
    title: 'Lock it with two-factor sign-in',
    paragraphs: [
      'Add any TOTP authenticator app and signing in asks for its 6-digit code after your password. Your notes are readable by you alone: the database itself refuses everyone else, and a session without the second step reads nothing.',
    ],
    picture: () => <TwoFactorMock />,
  },
]

export function Component() {
  const samples = useLoaderData() as TourSamples | null
  return (
    <article className="tour">
      <Seo
        title="Product tour"
        description="A tour of Folio: a CodeMirror editor, a live preview rendered like a blog post, autosave with conflict handling, realtime sync, private attachments and two-factor sign-in."
        path="/home"
      />
      <PageHeader
        eyebrow="Product tour"
        title="How Folio works"
        lead="Five minutes with Folio, from the first keystroke to a note you can share with your future self."
      />
      {capabilities.map((capability) => (
        <HydrateInTurn
          as="section"
          key={capability.id}
          className="tour__step"
          data-capability={capability.id}
          aria-labelledby={`tour-${capability.id}`}
        >
          <div className="tour__text">
            <h2 id={`tour-${capability.id}`}>{capability.title}</h2>
            {capability.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
          </div>
          {samples ? capability.picture(samples) : null}
        </HydrateInTurn>
      ))}
      <HydrateInTurn as="section" className="tour__plans">
        <h2>Plans</h2>
        <p>
          Every feature above except attachments is in the Free plan, for up to{' '}
          {FREE_DOCUMENT_LIMIT} documents. Pro removes the limit and adds attachments. See{' '}
          <Link to="/pricing">pricing</Link> for the details, or{' '}
          <Link to="/login?mode=signup">create an account</Link> and try it now.
        </p>
      </HydrateInTurn>
    </article>
  )
}
