/**
 * URL safety rules shared by navigation, redirects and rendered links.
 *
 * Browsers are forgiving about what they accept as a URL: they drop tabs and newlines, ignore
 * leading control characters and spaces, and treat the scheme case-insensitively. Attackers use
 * exactly that slack (`java\tscript:`, ` JAVASCRIPT:`, `%6Aavascript:`), so every check here
 * first normalises the string the way a browser would before it looks at the scheme.
 */

export const DANGEROUS_PROTOCOLS = ['javascript:', 'data:', 'vbscript:'] as const

export class NavigationError extends Error {
  override name = 'NavigationError'
}

// Characters the URL parser strips or ignores: C0 controls, space, DEL, and the zero-width
// and byte-order marks that some clients also drop.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const IGNORED_CHARACTERS = /[\u0000-\u0020\u007f\u200b-\u200d\ufeff]/g

function decodeRepeatedly(value: string): string {
  let current = value
  for (let round = 0; round < 3; round += 1) {
    let decoded: string
    try {
      decoded = decodeURIComponent(current)
    } catch {
      return current
    }
    if (decoded === current) return current
    current = decoded
  }
  return current
}

function decodeHtmlEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(parseInt(dec, 10)))
    .replace(/&colon;?/gi, ':')
    .replace(/&tab;?/gi, '\t')
    .replace(/&newline;?/gi, '\n')
}

/** The scheme-relevant form of a URL string: decoded, with ignored characters removed. */
export function normaliseForSchemeCheck(url: string): string {
  return decodeRepeatedly(decodeHtmlEntities(url)).replace(IGNORED_CHARACTERS, '').toLowerCase()
}

export function hasDangerousProtocol(url: string): boolean {
  const normalised = normaliseForSchemeCheck(url)
  return DANGEROUS_PROTOCOLS.some((protocol) => normalised.startsWith(protocol))
}

export type NavigationTarget =
  { kind: 'internal'; path: string } | { kind: 'external'; href: string }

export interface ResolveNavigationOptions {
  /** The origin of the running site, e.g. `https://folio.example`. */
  origin: string
  /** External destinations are refused unless the caller says so explicitly. */
  external?: boolean
}

/**
 * Decides where a navigation may go. Dangerous protocols are always refused, external URLs
 * only with `external: true`; both raise a NavigationError so the mistake is loud.
 */
export function resolveNavigation(to: string, options: ResolveNavigationOptions): NavigationTarget {
  if (hasDangerousProtocol(to)) {
    throw new NavigationError(`Cannot navigate to a URL with a dangerous protocol: ${to}`)
  }
  const url = new URL(to, options.origin)
  if (url.origin === options.origin) {
    return { kind: 'internal', path: `${url.pathname}${url.search}${url.hash}` }
  }
  if (!options.external) {
    throw new NavigationError(
      `Navigating to an external URL is not allowed: ${to}. Pass { external: true } to allow it.`,
    )
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:' && url.protocol !== 'mailto:') {
    throw new NavigationError(`Cannot navigate to a URL with the protocol ${url.protocol}`)
  }
  return { kind: 'external', href: url.href }
}

/** `target` resolved against `origin`, or null where that is no URL (`//` is none). */
function parse(target: string, origin: string): URL | null {
  try {
    return new URL(target, origin)
  } catch {
    return null
  }
}

/**
 * The path `target` names once resolved against `origin`, or null when it leaves the origin.
 * Resolution collapses dot segments, so `/.//evil.com` becomes the path `//evil.com`, which a
 * browser then reads as another host, and `/.//` the path `//`, which is no URL at all: the
 * resolved path must resolve to itself on this origin.
 */
function resolveOnOrigin(target: string, origin: string): string | null {
  const url = parse(target, origin)
  if (url?.origin !== origin) return null
  const path = `${url.pathname}${url.search}${url.hash}`
  const again = parse(path, origin)
  if (again?.origin !== origin) return null
  if (`${again.pathname}${again.search}${again.hash}` !== path) return null
  return path
}

/**
 * Returns the target as a same-origin path if it is one, otherwise null. Used for `?redirect=`
 * values, which come from the address bar and so from anyone: only a plain absolute path
 * (`/dashboard?tab=1#x`) is accepted — no scheme, no `//host`, no backslash tricks, and
 * nothing that turns into one once dot segments or percent-escapes are resolved. Callers fall
 * back to their default page on null, quietly: a hostile link is not the visitor's mistake.
 */
export function toSafeRedirectPath(
  target: string | null | undefined,
  origin: string,
): string | null {
  if (!target) return null
  if (hasDangerousProtocol(target)) return null
  const decoded = normaliseForSchemeCheck(target)
  // Browsers treat `\` like `/`, so `/\evil.example` is protocol-relative too.
  if (!target.startsWith('/') || /^[/\\]{2}/.test(decoded) || /^\/[\\]/.test(target)) return null
  // A server or proxy on the way may decode `%2f` or `%2e` before resolving, so the decoded
  // form must stay on the origin as well.
  if (resolveOnOrigin(decoded, origin) === null) return null
  return resolveOnOrigin(target, origin)
}
