/**
 * vite-react-ssg writes the router's hydration data and its build hash as inline <script>
 * statements. A Content-Security-Policy without 'unsafe-inline' blocks those, so after the
 * build they are moved into one non-executable JSON block that src/app/ssgState.ts reads.
 */
export const STATE_ELEMENT_ID = 'folio-ssg-state'

const HYDRATION_SCRIPT =
  /<script>window\.__staticRouterHydrationData = JSON\.parse\(("(?:[^"\\]|\\.)*")\);<\/script>/
const HASH_SCRIPT = /<script>window\.__VITE_REACT_SSG_HASH__ = '([^']*)'<\/script>/

/** JSON that is safe inside <script>: nothing in it can close the element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
}

/**
 * The routes that failed while `html` was prerendered, each with what it threw: the router keeps
 * going and renders the route's error screen, and the page would be published as that screen.
 */
export function prerenderErrors(html: string): string[] {
  const hydration = html.match(HYDRATION_SCRIPT)
  if (!hydration) return []
  const data = JSON.parse(JSON.parse(hydration[1] as string) as string) as {
    errors?: Record<string, unknown> | null
  }
  return Object.entries(data.errors ?? {}).map(([route, error]) => {
    const { message, status, statusText } = (error ?? {}) as Record<string, unknown>
    const what = message ?? [status, statusText].filter(Boolean).join(' ')
    return `${route}: ${typeof what === 'string' && what ? what : JSON.stringify(error)}`
  })
}

export function externaliseInlineState(html: string): string {
  const hydration = html.match(HYDRATION_SCRIPT)
  const hash = html.match(HASH_SCRIPT)
  if (!hydration && !hash) return html
  const state = {
    // The captured group is a JS string literal holding JSON; JSON.parse twice undoes both layers.
    hydration: hydration ? JSON.parse(JSON.parse(hydration[1] as string) as string) : null,
    hash: hash ? hash[1] : null,
  }
  const block = `<script type="application/json" id="${STATE_ELEMENT_ID}">${scriptSafeJson(state)}</script>`
  let result = html
  if (hydration) result = result.replace(hydration[0], block)
  if (hash) result = result.replace(hash[0], hydration ? '' : block)
  return result
}
