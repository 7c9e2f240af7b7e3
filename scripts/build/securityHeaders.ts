/**
 * The security headers of a build, worked out from the build itself and written next to it:
 * the CDN, the deploy and the local server all take them from these files, so what is served
 * is exactly what the pages need (docs/security-headers.md).
 *
 * - `.folio/headers.json` is the one source: every header with its value, and the hashes of
 *   the inline scripts the pages hold. A dot folder, so the deploy never uploads it as a page.
 * - `_headers` is the same set in the format of Pages-style hosts (Cloudflare Pages, Netlify),
 *   which read it from the root of what they publish; meant to be uploaded.
 * - `.folio/cloudfront-response-headers-policy.json` is the same set as a CloudFront
 *   ResponseHeadersPolicyConfig, for a bucket served through CloudFront (S3 itself cannot send
 *   these headers).
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { forEachFile } from './forEachFile.ts'

export const HEADERS_JSON = '.folio/headers.json'
export const PAGES_HEADERS = '_headers'
export const CLOUDFRONT_POLICY = '.folio/cloudfront-response-headers-policy.json'
export const HEADER_FILES = [HEADERS_JSON, PAGES_HEADERS, CLOUDFRONT_POLICY] as const

const HSTS_MAX_AGE_SECONDS = 63_072_000

export interface HeaderSet {
  /** Every header sent with every response, in the order they are written. */
  headers: Record<string, string>
  /** sha256 sources (`sha256-…`) of the inline scripts of the pages, sorted. */
  scriptHashes: string[]
}

/** The other origins the pages talk to, from the build's environment. */
export interface BuildOrigins {
  /** The Supabase project URL the app talks to (REST, auth, storage, realtime). */
  supabaseUrl?: string
  /**
   * Local builds only (`npm start`, end-to-end): the Stripe stand-in's origin
   * (VITE_STRIPE_STAND_IN_URL), which then takes the place of Stripe's hosts for its Stripe.js,
   * API and portal. A production build never sets it.
   */
  stripeStandInUrl?: string
}

export interface HeaderSetOptions extends BuildOrigins {
  scriptHashes: string[]
}

/** Where Stripe.js comes from, what it calls and what it frames: Stripe, or the local stand-in. */
function stripeSources(standInUrl: string | undefined) {
  if (standInUrl) {
    const origin = new URL(standInUrl).origin
    return { script: [origin], connect: [origin], frame: [origin] }
  }
  return {
    script: ['https://js.stripe.com'],
    connect: ['https://api.stripe.com'],
    frame: ['https://js.stripe.com', 'https://checkout.stripe.com', 'https://hooks.stripe.com'],
  }
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
// Data blocks (hydration state, the boot manifest, structured data) never run, so need no hash.
const EXECUTABLE_TYPE = /^(|text\/javascript|application\/javascript|module)$/i

/** The CSP sources of the inline scripts a page would run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? ''
    if (!EXECUTABLE_TYPE.test(type)) continue
    hashes.add(`sha256-${createHash('sha256').update(body).digest('base64')}`)
  }
  return [...hashes]
}

export function contentSecurityPolicy({
  supabaseUrl,
  stripeStandInUrl,
  scriptHashes,
}: HeaderSetOptions): string {
  const stripe = stripeSources(stripeStandInUrl)
  const backend = supabaseUrl ? new URL(supabaseUrl) : null
  const backendOrigins = backend
    ? [backend.origin, `${backend.protocol === 'https:' ? 'wss' : 'ws'}://${backend.host}`]
    : []
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // The inline scripts the build wrote (colour mode, web-font switch, hydration starter),
    // each by its hash; Stripe.js for checkout.
    'script-src': ["'self'", ...scriptHashes.map((hash) => `'${hash}'`), ...stripe.script],
    // The entry CSS is inlined into each page for a faster first paint, and shiki colours
    // tokens with style attributes; styles cannot run code, scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(backend ? [backend.origin] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...backendOrigins, ...stripe.connect],
    'frame-src': stripe.frame,
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // Every form is sent by the app with fetch: a form the browser submitted itself (one
    // prerendered, used before hydration) would put what was typed into a URL or a POST to
    // the CDN. Stripe's checkout and portal run in their own frames and pages.
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

export function buildHeaderSet(options: HeaderSetOptions): HeaderSet {
  const scriptHashes = [...new Set(options.scriptHashes)].sort()
  return {
    headers: {
      'Content-Security-Policy': contentSecurityPolicy({ ...options, scriptHashes }),
      // Browsers ignore it over plain http (RFC 6797, 8.1), so the local server sends it too.
      'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Permissions-Policy': `camera=(), microphone=(), geolocation=(), payment=(self "${stripeSources(options.stripeStandInUrl).script[0]}")`,
      'Cross-Origin-Opener-Policy': 'same-origin',
    },
    scriptHashes,
  }
}

function pagesHeadersText({ headers }: HeaderSet): string {
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)
  return `/*\n${lines.join('\n')}\n`
}

/** The set as a CloudFront ResponseHeadersPolicyConfig (CreateResponseHeadersPolicy's body). */
function cloudFrontPolicy({ headers }: HeaderSet): unknown {
  const custom = ['Permissions-Policy', 'Cross-Origin-Opener-Policy']
  return {
    Name: 'folio-security-headers',
    Comment: 'Written by the Folio build (.folio/headers.json); do not edit by hand.',
    SecurityHeadersConfig: {
      ContentSecurityPolicy: {
        Override: true,
        ContentSecurityPolicy: headers['Content-Security-Policy'],
      },
      StrictTransportSecurity: {
        Override: true,
        AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS,
        IncludeSubdomains: true,
        Preload: true,
      },
      ReferrerPolicy: { Override: true, ReferrerPolicy: headers['Referrer-Policy'] },
      ContentTypeOptions: { Override: true },
      FrameOptions: { Override: true, FrameOption: headers['X-Frame-Options'] },
    },
    CustomHeadersConfig: {
      Quantity: custom.length,
      Items: custom.map((name) => ({ Header: name, Value: headers[name], Override: true })),
    },
  }
}

/** The three files of a header set, by their path in dist/. */
export function headerFiles(set: HeaderSet): Record<(typeof HEADER_FILES)[number], string> {
  return {
    [HEADERS_JSON]: `${JSON.stringify(set, null, 2)}\n`,
    [PAGES_HEADERS]: pagesHeadersText(set),
    [CLOUDFRONT_POLICY]: `${JSON.stringify(cloudFrontPolicy(set), null, 2)}\n`,
  }
}

/**
 * The hashes of each page's inline scripts, by page (in the order of dist/'s listing), taken from
 * `known` where it has the page. Pages are read a few dozen at a time and only their hashes
 * kept: holding a thousand code-heavy pages at once was ≈ 200 MB at the very end of the build.
 */
async function inlineScriptHashesByPage(
  distDir: string,
  known: ReadonlyMap<string, string[]> = new Map(),
): Promise<Map<string, string[]>> {
  const entries = await readdir(distDir, { withFileTypes: true, recursive: true })
  const pages: { name: string; path: string }[] = []
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue
    const path = join(entry.parentPath, entry.name)
    const name = relative(distDir, path).split(sep).join('/')
    if (!name.startsWith('.')) pages.push({ name, path })
  }
  const hashes = new Map<string, string[]>(pages.map(({ name }) => [name, known.get(name) ?? []]))
  const unknown = pages.filter(({ name }) => !known.has(name))
  await forEachFile(unknown, async ({ name, path }) => {
    hashes.set(name, inlineScriptHashes(await readFile(path, 'utf8')))
  })
  return hashes
}

/**
 * Works out the header set of a finished dist/ and writes its three files. `known` holds the
 * hashes of pages already worked out as they were written (by their path in dist/); every other
 * page is read.
 */
export async function writeHeaderFiles(
  distDir: string,
  origins: BuildOrigins = {},
  known: ReadonlyMap<string, string[]> = new Map(),
): Promise<HeaderSet> {
  const hashes = await inlineScriptHashesByPage(distDir, known)
  const set = buildHeaderSet({ ...origins, scriptHashes: [...hashes.values()].flat() })
  for (const [path, text] of Object.entries(headerFiles(set))) {
    await mkdir(dirname(join(distDir, path)), { recursive: true })
    await writeFile(join(distDir, path), text)
  }
  return set
}

export class HeaderFilesError extends Error {
  override name = 'HeaderFilesError'
}

function parseHeaderSet(text: string): HeaderSet {
  const parsed = JSON.parse(text) as Partial<HeaderSet>
  if (
    typeof parsed.headers !== 'object' ||
    parsed.headers === null ||
    !Array.isArray(parsed.scriptHashes)
  ) {
    throw new Error('it is not a header set')
  }
  return parsed as HeaderSet
}

/** The header set a build emitted; an error that says what to do when it is missing or unreadable. */
export async function readHeaderSet(distDir: string): Promise<HeaderSet> {
  let text: string
  try {
    text = await readFile(join(distDir, HEADERS_JSON), 'utf8')
  } catch {
    throw new HeaderFilesError(
      `${distDir}/${HEADERS_JSON} is missing, so the security headers are unknown. Run \`npm run build\` first.`,
    )
  }
  try {
    return parseHeaderSet(text)
  } catch (error) {
    throw new HeaderFilesError(
      `${distDir}/${HEADERS_JSON} cannot be read (${(error as Error).message}). Rebuild with \`npm run build\`.`,
    )
  }
}

/**
 * Where the header files and the pages disagree: an inline script whose hash the CSP does not
 * allow (a page changed after the build), or a derived file that is not the header set's.
 */
export async function headerDisagreements(distDir: string): Promise<string[]> {
  const set = await readHeaderSet(distDir)
  const csp = set.headers['Content-Security-Policy'] ?? ''
  const problems: string[] = []
  for (const [page, hashes] of await inlineScriptHashesByPage(distDir)) {
    for (const hash of hashes) {
      if (!csp.includes(`'${hash}'`)) {
        problems.push(
          `${page} has an inline script (${hash}) the Content-Security-Policy does not allow`,
        )
      }
    }
  }
  for (const [path, expected] of Object.entries(headerFiles(set))) {
    if (path === HEADERS_JSON) continue
    const actual = await readFile(join(distDir, path), 'utf8').catch(() => null)
    if (actual === null) problems.push(`${path} is missing`)
    else if (actual !== expected) problems.push(`${path} does not match ${HEADERS_JSON}`)
  }
  return problems
}
