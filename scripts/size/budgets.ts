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
    // Export and import load the zip library on use, and the import dialog comes with Import…
    // (components/TransferActions.tsx): 72.5 KB on 2026-11-28, from 74.1 KB. 250 KB until then
    // (decision 0009's first load, ≈ 68 KB, with room to grow); held near the figure since, so
    // that what the dashboard adds to every note is a decision (decision 0056).
    route: '/dashboard',
    maxGzipBytes: 76 * KB,
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
    // Account settings: the auth feature and the plan, never the editor or the zip library.
    route: '/dashboard/account',
    maxGzipBytes: 120 * KB,
    forbiddenPackages: SIGNED_IN_FLOW_FORBIDDEN,
  },
  {
    route: '/stripe',
    maxGzipBytes: 120 * KB,
    forbiddenPackages: SIGNED_IN_FLOW_FORBIDDEN,
  },
  {
    // Public pages: 74–79 KB on React's client, 41–46 KB since the browser hydrates with
    // Preact (docs/decisions/0019; /login, the largest, 46.2 KB with the sign-up confirmation).
    // 48 KB leaves room for a small feature, and keeps the 30 KB won from filling up quietly.
    route: '*',
    maxGzipBytes: 48 * KB,
    forbiddenPackages: [...HEAVY_PACKAGES, ...SERVER_ONLY_PACKAGES],
  },
]

/**
 * Opening a note (scripts/size/editorLoad.ts): CodeMirror and its markdown, on top of the
 * dashboard. No fenced language rides along; lang-html came with lang-markdown, and with it
 * lang-css and lang-javascript, until the editor coloured HTML in markdown itself
 * (docs/decisions/0029). Search comes with its first use (editor/searchOnDemand.ts): 122.2 KB
 * on 2026-11-27, from 127.8 KB with it. @codemirror/autocomplete came with lang-markdown for
 * tag-name completion, which the editor turns off (scripts/vite/markdownHtmlPlugin.ts): 118.9 KB
 * without it, the same day. The list of fence languages (@codemirror/language-data) comes with
 * a note's first fence (editor/fenceLanguageLookup.ts): 115.1 KB on 2026-11-28, from 119.5 KB.
 */
export const EDITOR_BUDGET = {
  maxGzipBytes: 116 * KB,
  forbiddenPackages: [
    '@codemirror/language-data',
    '@codemirror/lang-html',
    '@codemirror/lang-css',
    '@codemirror/lang-javascript',
    '@codemirror/search',
    '@codemirror/autocomplete',
  ],
}

/**
 * The preview worker's own chunk (scripts/size/workerLoad.ts), which every note loads: the
 * markdown pipeline and the sanitiser. Shiki comes with a note's first fence. In the browser,
 * unified's packages get the native `structuredClone` instead of its polyfill (vite.config.ts),
 * and the preview counts no words (content/markdown.ts, `countWords`): 48.2 KB on 2026-11-28,
 * from 49.8 KB (decision 0056). The parser's reading of plain paragraphs, shared with the build
 * so both parse alike, then added 0.5 KB for a tenth of a prose post's render (decision 0017):
 * 48.7 KB. hast-util-to-html writes hexadecimal references without the named ones' table
 * (preview/hexadecimalReferences.ts): 46.4 KB the same day, and unified's deep merge, which
 * the preview never needs, gave way to a stand-in (preview/emptyExtend.ts): 45.8 KB (decision
 * 0059). GitHub's bound on a table's added cells (content/tableCellLimit.ts) brought it to 46.1 KB;
 * the printer's SVG schema of attributes, which the preview never uses, then left the worker
 * (preview/htmlSchemaOnly.ts): 43.2 KB, and so did its rules for leaving out optional tags, which
 * the preview never does (preview/optionalTagsKept.ts): 42.4 KB (decision 0063).
 */
export const PREVIEW_WORKER_BUDGET = {
  maxGzipBytes: 42.5 * KB,
  forbiddenPackages: [
    '@ungap/structured-clone',
    'shiki',
    '@shikijs',
    // hast-util-to-html writes hexadecimal references in the worker (vite.config.ts).
    'character-entities-html4',
    'character-entities-legacy',
    // unified's deep merge, which the preview never calls (vite.config.ts).
    'extend',
  ],
}

export function budgetFor(route: string): RouteBudget {
  return (
    budgets.find((budget) => budget.route === route) ??
    (budgets.find((budget) => budget.route === '*') as RouteBudget)
  )
}

/**
 * HTML + CSS budgets per page (gzip, as the CDN serves them: the page and every stylesheet it
 * links; pages inline their CSS, so this is mostly one HTML file). What a visitor downloads
 * before anything shows, so it is weighed on every page, not only the JavaScript.
 */
export interface PageWeightBudget {
  /** A route path (`:name` matches one segment), or `*` for every page not listed. */
  route: string
  maxGzipBytes: number
}

export const pageWeightBudgets: PageWeightBudget[] = [
  {
    // A post is weighed against the Astro 7 peer's copy of the same post (`npm run bench`,
    // `npm run lighthouse`). On 2026-11-23 the peer's copy of the bench's generated post was
    // 2.70 KB gzip (our own posts: 1.98-2.41 KB), so the target is 4.05 KB (1.5 ×). Ours: the
    // bench post 6.46 -> 6.07 KB (2.25 ×) and our posts 5.75-6.17 -> 5.30-5.69 KB since each
    // page inlines only the CSS its markup can use. The rest of the gap is what the peer's page
    // does not have (header and footer navigation, two colour modes, web-font faces, metadata,
    // hydration state and boot): see docs/decisions/0018-css-travels-with-its-chunk.md. The
    // shell keeps its design and this budget holds posts instead of the ratio
    // (docs/decisions/0048-the-public-shell-keeps-its-design.md): what we reach plus the room a
    // longer post needs, so any growth is a decision.
    route: '/blog/:slug',
    maxGzipBytes: 6 * KB,
  },
  // The workspace's own stylesheet rides with the dashboard (7.2 KB on 2026-11-23; 5.9 KB of
  // inline CSS on 2026-11-28). 8 KB until 2026-11-28, when the page reached 8,200 B: its boot
  // list names 19 first-load files (0.35 KB gzip; hashes do not compress), more as the
  // workspace learnt to work offline and to tell half-finished sign-ins apart. A signed-in page,
  // loaded once a session: given 0.5 KB more rather than made to fetch those files in turn.
  { route: '/dashboard', maxGzipBytes: 8.5 * KB },
  // The landing page and the tour carry pictures of the product: HTML and CSS around
  // build-time renders of sample notes (docs/decisions/0021), 8.8 and 9.4 KB on 2026-11-23
  // (7.7 and 8.8 KB once each page inlines only the rules its markup can use).
  { route: '/', maxGzipBytes: 10 * KB },
  { route: '/home', maxGzipBytes: 10 * KB },
  // Every other page: /pricing 5.5 KB and /changelog 5.3 KB are the largest.
  { route: '*', maxGzipBytes: 7 * KB },
]

function routeMatches(pattern: string, route: string): boolean {
  const expected = pattern.split('/')
  const actual = route.split('/')
  return (
    expected.length === actual.length &&
    expected.every((segment, at) => segment === actual[at] || segment.startsWith(':'))
  )
}

export function pageWeightBudgetFor(route: string): PageWeightBudget {
  return (
    pageWeightBudgets.find((budget) => budget.route !== '*' && routeMatches(budget.route, route)) ??
    (pageWeightBudgets.find((budget) => budget.route === '*') as PageWeightBudget)
  )
}
