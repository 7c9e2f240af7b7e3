import { Link, useLoaderData } from 'react-router-dom'
import { Seo } from '../app/Seo'
import { PageHeader } from '../components/PageHeader'
// The content feature's stylesheet (the post list) comes with its module, and this page
// needs no other value of it now that dates are formatted in lib.
import '../features/content'
import type { PostSummary } from '../features/content'
import { formatDate } from '../lib/formatDate'

interface BlogIndexData {
  posts: PostSummary[]
}

/** Runs while prerendering; in the browser the page's payload file stands in for it. */
export async function loader(): Promise<BlogIndexData | null> {
  if (!import.meta.env.SSR) return null
  const { postSummaries } = await import('../features/content/server')
  return { posts: postSummaries() }
}

export function Component() {
  const posts = (useLoaderData() as BlogIndexData | null)?.posts ?? []
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
        lead={
          <>
            How we build Folio, and what we learn doing it. Follow along by{' '}
            <a href="/rss.xml">RSS</a>.
          </>
        }
      />
      {posts.length === 0 ? (
        <p className="status-note">No posts yet. The first one is being written.</p>
      ) : (
        <ol className="post-list">
          {posts.map((post) => (
            <li key={post.slug} className="post-card">
              <h2>
                <Link to={`/blog/${post.slug}`}>{post.title}</Link>
              </h2>
              <p className="post-meta">
                <time dateTime={post.date}>{formatDate(post.date)}</time> · {post.readingMinutes}{' '}
                min read
              </p>
              <p>{post.description}</p>
              {post.tags.length > 0 ? (
                <ul className="tag-list" aria-label="Tags">
                  {post.tags.map((tag) => (
                    <li key={tag}>{tag}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
