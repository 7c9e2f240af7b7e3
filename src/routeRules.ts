/**
 * The route table as plain data: no React, no imports. The browser router (src/routes.tsx),
 * the prerender step and the build manifest (`builds/meta/{id}.json`) all read it, so the
 * rules a page follows are written down exactly once.
 */
export type ColorMode = 'light' | 'dark'
export type LayoutName = 'default' | 'marketing' | 'workspace'

export interface RouteRule {
  path: string
  /** Which shell wraps the page. */
  layout: LayoutName
  /** A page may force a colour mode whatever the visitor prefers. */
  colorMode?: ColorMode
  /** Signed-in only: the auth guard sends visitors to the login route. */
  guarded?: boolean
  /**
   * The page's module exports a prerender `loader`: only then does a move to it read its
   * payload file (src/app/pageDataRouter.ts). Without one, nothing needs fetching but its code.
   */
  data?: true
}

export const LOGIN_PATH = '/login'
export const CALLBACK_PATH = '/confirm'
/**
 * The history state a sign-out gives the login route, so the page can say the sign-out worked.
 * History state rather than a query parameter: only the site's own navigation sets it, so no
 * link can make the page say it, and a visit of its own never does.
 */
export const SIGNED_OUT_STATE = 'signed-out'
/** The same, after a sign-out everywhere that could not reach the sign-in service. */
export const SIGNED_OUT_HERE_ONLY_STATE = 'signed-out-here-only'
export type SignedOutState = typeof SIGNED_OUT_STATE | typeof SIGNED_OUT_HERE_ONLY_STATE
/** The history state that opens the account page on its change-password form. */
export const CHANGE_PASSWORD_STATE = 'change-password'

export const routeRules: readonly RouteRule[] = [
  { path: '/', layout: 'marketing', colorMode: 'light', data: true },
  { path: '/home', layout: 'default', colorMode: 'light', data: true },
  { path: '/about', layout: 'default', data: true },
  { path: '/blog', layout: 'default', data: true },
  // One prerendered file per published post; the pattern only serves client navigation.
  { path: '/blog/:slug', layout: 'default', data: true },
  { path: '/changelog', layout: 'marketing', colorMode: 'light', data: true },
  { path: '/contact', layout: 'default' },
  // The workspace fills the window under a full-width header (docs/decisions/0022).
  { path: '/dashboard', layout: 'workspace', guarded: true },
  // Its own prerendered page: the CDN has no SPA fallback to serve /dashboard for it.
  { path: '/dashboard/account', layout: 'default', guarded: true },
  { path: '/pricing', layout: 'marketing', colorMode: 'light' },
  { path: '/stripe', layout: 'default', guarded: true },
  { path: '/subscribe/stripe', layout: 'default', guarded: true },
  { path: '/subscribe/success', layout: 'default' },
  { path: '/success', layout: 'default' },
  { path: '/terms', layout: 'default', data: true },
  { path: LOGIN_PATH, layout: 'default' },
  { path: CALLBACK_PATH, layout: 'default' },
]

/** Paths the global guard never redirects (wildcards allowed): everything public. */
export const guardExcludeList: readonly string[] = routeRules
  .filter((rule) => !rule.guarded)
  .map((rule) => rule.path)
  .filter((path) => !path.includes(':'))
  .concat(['/blog/*', '/404'])

export function findRouteRule(pathname: string): RouteRule | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return (
    routeRules.find((rule) => rule.path === normalized) ??
    (normalized.startsWith('/blog/') ? { path: '/blog/*', layout: 'default' } : undefined)
  )
}
