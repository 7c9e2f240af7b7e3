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

/** The inline scripts vite-react-ssg wrote into a page, and what they hold. */
export interface InlineState {
  hydration: { script: string; data: { errors?: Record<string, unknown> | null } } | null
  hash: { script: string; value: string } | null
}

/** Reads a page's inline state once, for the check of its routes and for moving it out. */
export function readInlineState(html: string): InlineState {
  const hydration = html.match(HYDRATION_SCRIPT)
  const hash = html.match(HASH_SCRIPT)
  return {
    hydration: hydration
      ? // The captured group is a JS string literal holding JSON; JSON.parse twice undoes both layers.
        { script: hydration[0], data: JSON.parse(JSON.parse(hydration[1] as string) as string) }
      : null,
    hash: hash ? { script: hash[0], value: hash[1] as string } : null,
  }
}

/**
 * The routes that failed while the page was prerendered, each with what it threw: the router
 * keeps going and renders the route's error screen, and the page would be published as that
 * screen.
 */
export function prerenderErrors(state: InlineState): string[] {
  return Object.entries(state.hydration?.data.errors ?? {}).map(([route, error]) => {
    const { message, status, statusText } = (error ?? {}) as Record<string, unknown>
    const what = message ?? [status, statusText].filter(Boolean).join(' ')
    return `${route}: ${typeof what === 'string' && what ? what : JSON.stringify(error)}`
  })
}

export function externaliseInlineState(html: string, state = readInlineState(html)): string {
  const { hydration, hash } = state
  if (!hydration && !hash) return html
  const json = scriptSafeJson({ hydration: hydration?.data ?? null, hash: hash?.value ?? null })
  const block = `<script type="application/json" id="${STATE_ELEMENT_ID}">${json}</script>`
  let result = html
  if (hydration) result = result.replace(hydration.script, block)
  if (hash) result = result.replace(hash.script, hydration ? '' : block)
  return result
}
