import { useLoaderData } from 'react-router-dom'
import type { ContentPage } from '../features/content'
import { ContentDocumentPage } from './ContentDocumentPage'

/** Runs while prerendering; in the browser the page's payload file stands in for it. */
export async function loader(): Promise<ContentPage | null> {
  if (!import.meta.env.SSR) return null
  const { contentPage } = await import('../features/content/server')
  return contentPage('about')
}

export function Component() {
  return (
    <ContentDocumentPage
      page={useLoaderData() as ContentPage | null}
      path="/about"
      eyebrow="About"
    />
  )
}
