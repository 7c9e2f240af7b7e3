/**
 * JavaScript budgets per route (gzip, first load: the entry script plus every module the
 * prerendered HTML preloads). Public pages hydrate, so every byte must earn its place.
 */
export const KB = 1024

export interface RouteBudget {
  /** A route path, or `*` for every page not listed. */
  route: string
  maxGzipBytes: number
  /** npm packages that must not be part of the page's first load. */
  forbiddenPackages: string[]
}

/** Code that only the signed-in product needs. */
export const HEAVY_PACKAGES = [
  '@supabase',
  '@stripe',
  'shiki',
  '@shikijs',
  '@codemirror',
  '@lezer',
  'codemirror',
  // The markdown pipeline: public pages get rendered HTML, never the renderer.
  'unified',
  'micromark',
  'rehype-sanitize',
  'hast-util-sanitize',
  // The zip library: loaded when someone exports or imports, never before.
  'fflate',
]

/**
 * Only the prerender needs these: in the browser, src/app/head/clientHelmet.tsx stands in for
 * react-helmet-async (scripts/vite/clientHeadPlugin.ts), so no page may ship it.
 */
const SERVER_ONLY_PACKAGES = ['react-helmet-async']

/** Signed-in flows may load auth and Stripe, never the editor or the highlighter. */
const SIGNED_IN_FLOW_FORBIDDEN = [
  'fflate',
  'shiki',
  '@shikijs',
  '@codemirror',
  '@lezer',
  ...SERVER_ONLY_PACKAGES,
]

export const budgets: RouteBudget[] = [
  {
    // Export and import load the zip library on use.
    route: '/dashboard',
    maxGzipBytes: 250 * KB,
    forbiddenPackages: [...SERVER_ONLY_PACKAGES, 'fflate'],
  },
  {
    route: '/subscribe/stripe',
    maxGzipBytes: 120 * KB,
    forbiddenPackages: SIGNED_IN_FLOW_FORBIDDEN,
  },
  {
    // A signed-in flow: it asks the auth feature who is back from checkout.
    route: '/subscribe/success',
    maxGzipBytes: 120 * KB,
    forbiddenPackages: SIGNED_IN_FLOW_FORBIDDEN,
  },
  {
    route: '/stripe',
    maxGzipBytes: 120 * KB,
    forbiddenPackages: SIGNED_IN_FLOW_FORBIDDEN,
  },
  {
    // Public pages: 74–79 KB on React's client, 40–46 KB since the browser hydrates with
    // Preact (docs/decisions/0019); the budget keeps that room from quietly filling up again.
    route: '*',
    maxGzipBytes: 46 * KB,
    forbiddenPackages: [...HEAVY_PACKAGES, ...SERVER_ONLY_PACKAGES],
  },
]

export function budgetFor(route: string): RouteBudget {
  return (
    budgets.find((budget) => budget.route === route) ??
    (budgets.find((budget) => budget.route === '*') as RouteBudget)
  )
}
