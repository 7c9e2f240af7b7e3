import { Head } from 'vite-react-ssg'
import { SITE_NAME, absoluteUrl } from './site'

interface SeoProps {
  title: string
  description: string
  path: string
  type?: 'website' | 'article'
  noIndex?: boolean
  /** Extra tags (article dates, JSON-LD) rendered inside <head>. */
  children?: React.ReactNode
}

/** Title, description, canonical URL and OpenGraph/Twitter tags, rendered into the prerendered HTML. */
export function Seo({
  title,
  description,
  path,
  type = 'website',
  noIndex = false,
  children,
}: SeoProps) {
  const fullTitle = title === SITE_NAME ? title : `${title} · ${SITE_NAME}`
  const url = absoluteUrl(path)
  return (
    <Head>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:type" content={type} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      {children}
    </Head>
  )
}
