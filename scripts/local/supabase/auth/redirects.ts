/**
 * redirect_to is honoured only if it points at the site or an allowed pattern (GoTrue's
 * URI allow list); anything else falls back to the site URL, so email links cannot be
 * turned into open redirects.
 *
 * Never further than hosted GoTrue (supabase/auth v2.196, internal/utilities/request.go,
 * `IsRedirectURLValid`): a host of digits only, or with characters a host name does not use,
 * is refused before any pattern is read, and a pattern is a glob with `.` and `/` as its
 * separators (internal/conf/configuration.go, `glob.MustCompile(uri, '.', '/')`) matched
 * against the whole address without its fragment. Stricter than hosted in two places: an
 * address on the site must have its port too (hosted lets a localhost address take any), and
 * a loopback IP that is not the site is refused (hosted takes it).
 */

/** GoTrue's `regularHostname` and `decimalIPAddressPattern`. */
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/
const DIGITS_ONLY = /^[0-9]+$/

/**
 * The host as written, as Go's url.Parse keeps it: the WHATWG parser would turn
 * `https://2130706433` into `127.0.0.1`, which is not what hosted looks at.
 */
function writtenHost(candidate: string): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(candidate)?.[1] ?? ''
  const host = authority.slice(authority.lastIndexOf('@') + 1)
  return host.startsWith('[') ? host : host.replace(/:[0-9]*$/, '')
}

/**
 * gobwas/glob with separators `.` and `/`: `*` is any run without them, `?` one character
 * that is neither, `**` anything. Classes and alternatives (`[ab]`, `{a,b}`) are taken
 * literally, which only ever refuses more.
 */
function globPattern(pattern: string): RegExp {
  let source = ''
  for (let at = 0; at < pattern.length; at += 1) {
    const character = pattern[at] as string
    if (character === '*' && pattern[at + 1] === '*') {
      source += '.*'
      at += 1
    } else if (character === '*') source += '[^./]*'
    else if (character === '?') source += '[^./]'
    else source += character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${source}$`, 's')
}

export function allowedRedirect(
  candidate: string | null | undefined,
  siteUrl: string,
  patterns: string[],
): string {
  if (!candidate) return siteUrl
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return siteUrl
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return siteUrl
  if (url.origin === new URL(siteUrl).origin) return url.toString()
  const host = writtenHost(candidate)
  if (DIGITS_ONLY.test(host) || !REGULAR_HOSTNAME.test(host)) return siteUrl
  const withoutFragment = candidate.split('#')[0] as string
  for (const pattern of patterns) {
    if (globPattern(pattern).test(withoutFragment)) return url.toString()
  }
  return siteUrl
}
