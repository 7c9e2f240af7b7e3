/**
 * Every page the build prerenders, as a visitor reaches it: its address, the title the browser
 * shows and a line of text the CDN's copy already holds. The one list the specs that walk the
 * whole site take their pages from, so a new page is added here once.
 */
import { routeRules } from '../../src/routeRules.ts'

export interface SitePage {
  path: string
  title: RegExp
  text: string
}

export const SITE_PAGES: SitePage[] = [
  { path: '/', title: /^Folio$/, text: 'Write markdown with real code' },
  { path: '/home', title: /Product tour · Folio/, text: 'How Folio works' },
  { path: '/about', title: /About us · Folio/, text: 'About us' },
  { path: '/blog', title: /Blog · Folio/, text: 'Notes from the Folio team' },
  { path: '/blog/introducing-folio', title: /Folio/, text: 'Folio' },
  { path: '/changelog', title: /Changelog · Folio/, text: 'Folio' },
  { path: '/contact', title: /Contact · Folio/, text: 'Contact' },
  {
    path: '/pricing',
    title: /Pricing · Folio/,
    text: 'Start free. Upgrade when your notes outgrow it.',
  },
  { path: '/terms', title: /Terms of service · Folio/, text: 'Terms of service' },
  { path: '/success', title: /Thank you · Folio/, text: 'Thank you' },
  { path: '/subscribe/success', title: /Folio/, text: 'Pro' },
  { path: '/login', title: /Folio/, text: 'Sign in' },
  { path: '/confirm', title: /Folio/, text: 'sign' },
  // Guarded: once hydrated they send a visitor without a session to sign in.
  { path: '/dashboard', title: /Folio/, text: 'Folio' },
  { path: '/stripe', title: /Folio/, text: 'subscription' },
  { path: '/subscribe/stripe', title: /Folio/, text: 'Pro' },
]

/** An address no route has: the CDN answers 404 with the prerendered 404.html. */
export const UNKNOWN_PATH = '/no-such-page'

/** The pages that send a visitor without a session to sign in once hydrated. */
export const GUARDED_PATHS: ReadonlySet<string> = new Set(
  routeRules.filter((rule) => rule.guarded).map((rule) => rule.path),
)
