/** Site-wide facts used in titles, canonical URLs and feeds. */
import { siteConfig } from '../config'

export const SITE_NAME = 'Folio'
export const SITE_TAGLINE = 'Markdown notes with real code, rendered beautifully.'
/** Absolute origin used for canonical URLs; set VITE_SITE_URL when building for production. */
export const SITE_URL = siteConfig.url

export function absoluteUrl(path: string): string {
  return `${SITE_URL}${path.startsWith('/') ? path : `/${path}`}`
}
