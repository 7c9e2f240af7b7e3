/**
 * CORS for every endpoint: the site (Vite on another port) calls the backend directly, as it
 * calls *.supabase.co in production. Only allowed origins are named in
 * Access-Control-Allow-Origin (never `*`, never a reflected stranger; see browserAccess.ts).
 * Preflights echo the requested headers, and the headers supabase-js reads (Content-Range,
 * API version) are exposed.
 *
 * Edge functions are the exception: the platform hands their preflights and answers through
 * untouched, so a function answers CORS itself (see functions/router.ts). Their responses are
 * marked with `leftToTheFunction` and this module adds nothing to them.
 */
import type { BrowserAccess } from './browserAccess.ts'

const EXPOSE =
  'Content-Range, Content-Location, Location, X-Supabase-Api-Version, Preference-Applied'

const answeredByAFunction = new WeakSet<Response>()

/** A function's own answer: its CORS headers, or their absence, reach the browser as they are. */
export function leftToTheFunction(res: Response): Response {
  answeredByAFunction.add(res)
  return res
}

export function preflight(req: Request, access: BrowserAccess): Response {
  const origin = access.corsOrigin(req.headers.get('origin'))
  if (!origin) return new Response(null, { status: 403, headers: { vary: 'Origin' } })
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers':
        req.headers.get('access-control-request-headers') ??
        'authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile, x-upsert',
      'access-control-max-age': '600',
      vary: 'Origin',
    },
  })
}

export function withCors(req: Request, res: Response, access: BrowserAccess): Response {
  if (answeredByAFunction.has(res) || res.headers.has('access-control-allow-origin')) return res
  const headers = new Headers(res.headers)
  const origin = access.corsOrigin(req.headers.get('origin'))
  if (origin) {
    headers.set('access-control-allow-origin', origin)
    headers.set('access-control-expose-headers', EXPOSE)
  }
  headers.append('vary', 'Origin')
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
}
