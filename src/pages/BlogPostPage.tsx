import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom'
import { NotFoundScreen } from '../app/NotFoundScreen'
import { Seo } from '../app/Seo'
import { SITE_NAME, absoluteUrl } from '../app/site'
import { ProseHtml, proseSlot, type PostPageData } from '../features/content'
import { formatDate } from '../lib/formatDate'

/** Runs while prerendering; in the browser the post's payload file stands in for it. */
export async function loader({ params }: LoaderFunctionArgs): Promise<PostPageData | null> {
  if (!import.meta.env.SSR) return null
  const { findPost } = await import('../features/content/server')
  return findPost(params.slug ?? '') ?? null
}

function blogPostingJsonLd(post: PostPageData): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    dateModified: post.date,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: SITE_NAME },
    mainEntityOfPage: absoluteUrl(`/blog/${post.slug}`),
    keywords: post.tags.join(', '),
  }
  // `<` escaped so no text in a post can close the script element early.
  return JSON.stringify(data).replace(/</g, '\\u003c')
}

export function Component() {
  const post = useLoaderData() as PostPageData | null
  // Only a client navigation to a slug that was never built gets here without data.
  if (!post) return <NotFoundScreen />
  return (
    <article className="prose-page post">
      <Seo
        title={post.title}
        description={post.description}
        path={`/blog/${post.slug}`}
        type="article"
      >
        <meta property="article:published_time" content={post.date} />
        <meta property="article:author" content={post.author} />
        {post.tags.map((tag) => (
          <meta key={tag} property="article:tag" content={tag} />
        ))}
        <script type="application/ld+json">{blogPostingJsonLd(post)}</script>
      </Seo>
      <header className="page-header">
        <p className="eyebrow">
          <Link to="/blog">Blog</Link>
        </p>
        <h1>{post.title}</h1>
        <p className="post-meta">
          By {post.author} · <time dateTime={post.date}>{formatDate(post.date)}</time> ·{' '}
          {post.readingMinutes} min read
        </p>
      </header>
      <ProseHtml html={post.html} slot={proseSlot.post(post.slug)} />
      <footer className="post-footer">
        <Link to="/blog">← All posts</Link>
      </footer>
    </article>
  )
}
