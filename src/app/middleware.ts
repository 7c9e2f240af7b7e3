/**
 * Route middleware: named checks a route asks for in its rule (`middleware: ['auth']`). The
 * registry is filled by the features at start-up; a name nobody registered is a programming
 * mistake, and it fails loudly instead of silently letting the page through.
 */
export type RouteMiddleware = (context: {
  pathname: string
  search: string
  hash: string
}) => void | Promise<void>

const registry = new Map<string, RouteMiddleware>()

export function registerMiddleware(name: string, middleware: RouteMiddleware): void {
  registry.set(name, middleware)
}

export class UnknownMiddlewareError extends Error {
  override name = 'UnknownMiddlewareError'
}

export function resolveMiddleware(
  names: readonly string[] | undefined,
  known: ReadonlyMap<string, RouteMiddleware> = registry,
): RouteMiddleware[] {
  return (names ?? []).map((name) => {
    const middleware = known.get(name)
    if (!middleware) throw new UnknownMiddlewareError(`Unknown route middleware: '${name}'`)
    return middleware
  })
}
