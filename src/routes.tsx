import type { LoaderFunction } from 'react-router-dom'
import type { RouteRecord } from 'vite-react-ssg'
import { withChunkReload } from './app/chunkReload'
import { AccountMenu } from './features/auth/shell'
import { MarketingLayout } from './app/layouts/MarketingLayout'
import { DefaultLayout } from './app/layouts/DefaultLayout'
import { WorkspaceLayout } from './app/layouts/WorkspaceLayout'
import { NotFoundScreen } from './app/NotFoundScreen'
import { RootErrorScreen, RouteErrorScreen } from './app/ErrorScreen'
import type { RouteHandle } from './app/routeHandle'
import { Shell } from './app/Shell'
import { routeRules, type RouteRule } from './routeRules'
import { isValidCheckoutQuery } from './features/billing/checkoutQuery'

/** What a lazily loaded page module provides (react-router's `lazy` contract). */
type PageModule = { Component: React.ComponentType; loader?: LoaderFunction }

/** Every page is its own chunk, loaded on demand. */
const pageModules: Record<string, () => Promise<PageModule>> = {
  '/': () => import('./pages/LandingPage'),
  '/home': () => import('./pages/HomePage'),
  '/about': () => import('./pages/AboutPage'),
  '/blog': () => import('./pages/BlogIndexPage'),
  '/blog/:slug': () => import('./pages/BlogPostPage'),
  '/changelog': () => import('./pages/ChangelogPage'),
  '/contact': () => import('./pages/ContactPage'),
  '/dashboard': () => import('./pages/DashboardPage'),
  '/dashboard/account': () => import('./pages/AccountPage'),
  '/pricing': () => import('./pages/PricingPage'),
  '/stripe': () => import('./pages/StripePortalPage'),
  '/subscribe/stripe': () => import('./pages/SubscribeCheckoutPage'),
  '/subscribe/success': () => import('./pages/SubscribeSuccessPage'),
  '/success': () => import('./pages/SuccessPage'),
  '/terms': () => import('./pages/TermsPage'),
  '/login': () => import('./pages/LoginPage'),
  '/confirm': () => import('./pages/ConfirmPage'),
}

/** Address checks beyond the path itself; a failing check shows 'Page Not Found: …'. */
const validators: Partial<Record<string, RouteHandle['validate']>> = {
  '/subscribe/stripe': (location) => isValidCheckoutQuery(new URLSearchParams(location.search)),
}

/**
 * A page module as the router takes it. A page's `loader` runs only while prerendering: in the
 * browser, vite-react-ssg gives every route of a prerendered document a loader that reads the
 * page's payload file, and react-router warned on each move to a page with data that the
 * module's own loader would be ignored. So the browser's router never sees it.
 */
function withoutLoaderInBrowser(load: () => Promise<PageModule>): () => Promise<PageModule> {
  if (import.meta.env.SSR) return load
  return async () => {
    const { loader: _prerenderOnly, ...page } = await load()
    return page
  }
}

function pageRoute(rule: RouteRule): RouteRecord {
  const load = pageModules[rule.path]
  if (!load) throw new Error(`No page module for route ${rule.path}`)
  const handle: RouteHandle = { rule, validate: validators[rule.path] }
  const lazy = withChunkReload(withoutLoaderInBrowser(load), rule.path)
  // A page that throws shows the error screen inside its layout (header and footer stay).
  const errorElement = <RouteErrorScreen />
  return rule.path === '/'
    ? { index: true, lazy, handle, errorElement }
    : { path: rule.path, lazy, handle, errorElement }
}

const layouts: Record<RouteRule['layout'], React.ReactNode> = {
  default: <DefaultLayout account={<AccountMenu />} />,
  marketing: <MarketingLayout account={<AccountMenu />} />,
  workspace: <WorkspaceLayout account={<AccountMenu />} />,
}

function layoutRoute(layout: RouteRule['layout']): RouteRecord {
  return {
    id: `layout-${layout}`,
    element: layouts[layout],
    children: [
      ...routeRules.filter((rule) => rule.layout === layout).map(pageRoute),
      // Unknown addresses (and 404.html, prerendered from /404) get the site around the 404.
      ...(layout === 'default' ? [{ path: '*', element: <NotFoundScreen /> }] : []),
    ],
  }
}

export const routes: RouteRecord[] = [
  {
    id: 'root',
    path: '/',
    element: <Shell />,
    errorElement: <RootErrorScreen />,
    children: [layoutRoute('default'), layoutRoute('marketing'), layoutRoute('workspace')],
  },
]

/** Fetches a page's chunk ahead of a click (used by the prefetch after load). */
export function preloadPage(path: string): void {
  void pageModules[path]?.().catch(() => {
    // A failed prefetch is harmless; the click will try again and recover.
  })
}
