/**
 * Who may talk to the local backend from a browser. It listens on loopback with a public
 * development JWT secret, so any web page a developer visits could otherwise call it: mint a
 * service-role token and read or write everything, or read magic links from the mailbox.
 *
 * - Host must name this machine (127.0.0.1, localhost, [::1]) unless the backend was bound to
 *   another address on purpose: a DNS-rebinding page (evil.example resolving to 127.0.0.1) sends
 *   its own name as Host.
 * - A request carrying an Origin must come from an allowed origin (the site's, from
 *   configuration) or from the backend itself; browsers attach Origin to every cross-origin
 *   fetch and to WebSocket upgrades, which CORS does not protect.
 * - The mailbox and the admin routes also refuse anything the browser marks as cross-site
 *   (Sec-Fetch-Site), so an <img> or a form on another site cannot reach them either.
 * Clients that are not browsers (tests, curl, the Stripe stand-in) send neither header.
 */

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

export interface BrowserAccessOptions {
  allowedOrigins: string[]
  /** The address the backend is bound to; a non-loopback one means the developer opted in. */
  host: string
  /** Path prefixes that hold secrets for the local developer only. */
  privatePrefixes: string[]
}

export interface RequestFacts {
  path: string
  host: string | undefined
  origin: string | undefined
  fetchSite: string | undefined
}

export class BrowserAccess {
  private readonly allowed: Set<string>
  private readonly checksHost: boolean

  constructor(private readonly options: BrowserAccessOptions) {
    this.allowed = new Set(options.allowedOrigins.map((origin) => new URL(origin).origin))
    this.checksHost = LOOPBACK_NAMES.has(options.host)
  }

  /** The origin the response may name in Access-Control-Allow-Origin, if any. */
  corsOrigin(origin: string | null | undefined): string | undefined {
    return origin && this.allowed.has(origin) ? origin : undefined
  }

  /** Why this request is refused, or undefined when it may be served. */
  refusal(facts: RequestFacts): string | undefined {
    const hostname = facts.host ? hostnameOf(facts.host) : undefined
    if (this.checksHost && (hostname === undefined || !LOOPBACK_NAMES.has(hostname)))
      return 'The local backend only answers requests addressed to 127.0.0.1 or localhost.'
    const own = facts.host ? `http://${facts.host}` : undefined
    if (facts.origin !== undefined && facts.origin !== own && !this.allowed.has(facts.origin))
      return `Origin ${facts.origin} may not call the local backend. Allowed: ${[...this.allowed].join(', ')} (set FOLIO_ALLOWED_ORIGINS to add one).`
    const isPrivate = this.options.privatePrefixes.some(
      (prefix) => facts.path === prefix || facts.path.startsWith(`${prefix}/`),
    )
    if (isPrivate && facts.fetchSite === 'cross-site')
      return 'This local route cannot be opened from another site.'
    return undefined
  }
}

function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname
  } catch {
    return undefined
  }
}

/** The facts above, from a Node request's headers. */
export function factsOf(
  path: string,
  headers: Record<string, string | string[] | undefined>,
): RequestFacts {
  const one = (name: string) => {
    const value = headers[name]
    return Array.isArray(value) ? value[0] : value
  }
  return { path, host: one('host'), origin: one('origin'), fetchSite: one('sec-fetch-site') }
}
