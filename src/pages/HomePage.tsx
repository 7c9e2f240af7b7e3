import { Link } from 'react-router-dom'
import { PageHeader } from '../components/PageHeader'
import { Seo } from '../app/Seo'

const steps = [
  {
    title: '1. Write in a real editor',
    body: 'Folio’s editor is CodeMirror 6: markdown syntax highlighting, nested highlighting inside fenced code, line wrapping, search and replace, and an undo history that survives your experiments. Keyboard shortcuts for everything you do twice: Ctrl/⌘+Alt+N for a new note, Ctrl/⌘+K to search, Ctrl/⌘+S to save now.',
  },
  {
    title: '2. See it rendered as you type',
    body: 'The preview sits beside the editor (or below it on a phone) and uses the same renderer as our blog: tables, task lists, footnotes, and code highlighted by shiki with light and dark themes. Highlighting runs off the main thread so typing stays smooth in long notes.',
  },
  {
    title: '3. Never lose a word',
    body: 'Folio saves a moment after you stop typing and tells you plainly whether a note is saved, saving, offline or failed. A failed save keeps your text and retries. If the same note changed on another device, you choose: keep yours, take theirs, or compare both.',
  },
  {
    title: '4. Keep it in sync',
    body: 'Open the same note in two tabs or on two devices and edits appear without a reload. New notes show up in the list everywhere you are signed in.',
  },
  {
    title: '5. Add pictures (Pro)',
    body: 'Paste or drop a screenshot into a note: it is uploaded to your private storage folder and linked in the markdown for you.',
  },
]

export function Component() {
  return (
    <article className="prose-page">
      <Seo
        title="Product tour"
        description="A tour of Folio: a CodeMirror editor, a live preview rendered like a blog post, autosave with conflict handling, realtime sync and private attachments."
        path="/home"
      />
      <PageHeader
        eyebrow="Product tour"
        title="How Folio works"
        lead="Five minutes with Folio, from the first keystroke to a note you can share with your future self."
      />
      {steps.map((step) => (
        <section key={step.title}>
          <h2>{step.title}</h2>
          <p>{step.body}</p>
        </section>
      ))}
      <section>
        <h2>Plans</h2>
        <p>
          Every feature above except attachments is in the Free plan, for up to three documents. Pro
          removes the limit and adds attachments. See <Link to="/pricing">pricing</Link> for the
          details, or <Link to="/login?mode=signup">create an account</Link> and try it now.
        </p>
      </section>
    </article>
  )
}
