/**
 * The global access guard: a visitor without a signed-in user is sent to the login route with a
 * `redirect` back, except on the exclude list (wildcards allowed), the login path and the
 * callback path. Unlike the original /dashboard rule, which refused every signed-in user (docs/product.md,
 * "Who may go where"), signed-in users are let into /dashboard and visitors are sent to sign in.
 */
export interface GuardConfig {
  excludes: readonly string[]
  loginPath: string
  callbackPath: string
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string }

function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/**
 * `*` matches one path segment, `**` (or a trailing `/*`) matches the rest of the path.
 * `/blog/*` matches `/blog/a-post` but not `/blog` itself.
 */
export function matchesPathPattern(path: string, pattern: string): boolean {
  const target = normalisePath(path)
  const source = normalisePath(pattern)
    .split('/')
    .map((segment, index, all) => {
      if (segment === '**' || (segment === '*' && index === all.length - 1)) return '.+'
      return segment
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*')
    })
    .join('/')
  return new RegExp(`^${source}$`).test(target)
}

export function isExcluded(path: string, config: GuardConfig): boolean {
  return [config.loginPath, config.callbackPath, ...config.excludes].some((pattern) =>
    matchesPathPattern(path, pattern),
  )
}

export function loginRedirect(loginPath: string, back: string): string {
  return `${loginPath}?${new URLSearchParams({ redirect: back })}`
}

/** `location` is the full same-origin path the visitor asked for (path, query and hash). */
export function decideGuard(
  location: { pathname: string; search: string; hash: string },
  signedIn: boolean,
  config: GuardConfig,
): GuardDecision {
  if (signedIn || isExcluded(location.pathname, config)) return { kind: 'allow' }
  return {
    kind: 'redirect',
    to: loginRedirect(config.loginPath, `${location.pathname}${location.search}${location.hash}`),
  }
}
