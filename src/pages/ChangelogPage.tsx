import { useLoaderData } from 'react-router-dom'
import { Seo } from '../app/Seo'
import { PageHeader } from '../components/PageHeader'
import { ProseHtml, proseSlot, type ChangelogEntry } from '../features/content'
import { formatDate } from '../lib/formatDate'

interface ChangelogData {
  entries: ChangelogEntry[]
}

/** Runs while prerendering; in the browser the page's payload file stands in for it. */
export async function loader(): Promise<ChangelogData | null> {
  if (!import.meta.env.SSR) return null
  const { changelogEntries } = await import('../features/content/server')
  return { entries: changelogEntries() }
}

export function Component() {
  const entries = (useLoaderData() as ChangelogData | null)?.entries ?? []
  return (
    <div className="container narrow page-column">
      <Seo title="Changelog" description="Every Folio release, newest first." path="/changelog" />
      <PageHeader eyebrow="Changelog" title="What’s new in Folio" />
      {entries.map((entry) => (
        <section
          key={entry.version}
          id={entry.anchor}
          className="changelog-entry"
          aria-labelledby={`${entry.anchor}-title`}
        >
          <h2 id={`${entry.anchor}-title`}>
            <a href={`#${entry.anchor}`} className="changelog-version">
              {entry.version}
            </a>{' '}
            {entry.title}
          </h2>
          <p className="post-meta">
            <time dateTime={entry.date}>{formatDate(entry.date)}</time>
          </p>
          <ProseHtml html={entry.html} slot={proseSlot.changelog(entry.version)} />
        </section>
      ))}
    </div>
  )
}
