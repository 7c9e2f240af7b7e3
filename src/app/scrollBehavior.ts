/**
 * Where the window scrolls after a navigation: back/forward restores the old position, a `#hash`
 * scrolls to its element, a change of path (or of the page's parameters) scrolls to the top, and
 * anything else (a query or hash tweak on the same page) leaves the reader where they are.
 */
export interface ScrollLocation {
  pathname: string
  search: string
  hash: string
}

export type ScrollDecision =
  | { kind: 'restore'; top: number }
  | { kind: 'element'; id: string }
  | { kind: 'top' }
  | { kind: 'none' }

export function decideScroll(
  from: ScrollLocation | null,
  to: ScrollLocation,
  options: { isPop: boolean; savedTop?: number },
): ScrollDecision {
  if (options.isPop && options.savedTop !== undefined)
    return { kind: 'restore', top: options.savedTop }
  if (to.hash.length > 1 && (!from || from.hash !== to.hash || from.pathname !== to.pathname)) {
    return { kind: 'element', id: hashToId(to.hash) }
  }
  if (!from || from.pathname !== to.pathname) return { kind: 'top' }
  return { kind: 'none' }
}

export function hashToId(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/** Must match USER_CONTENT_ID_PREFIX (src/features/content/rehypeDecorate.ts), kept apart so the
 * router shell does not import the content pipeline. */
const USER_CONTENT_ID_PREFIX = 'user-content-'

/**
 * The element a `#hash` names: the page's own element with that id, or else a heading of
 * rendered markdown, whose id is prefixed (`#install` → `user-content-install`), as on GitHub.
 */
export function findHashTarget(
  id: string,
  page: Pick<Document, 'getElementById'>,
): HTMLElement | null {
  return page.getElementById(id) ?? page.getElementById(`${USER_CONTENT_ID_PREFIX}${id}`)
}
