/** Errors the router shell knows how to show, with the exact texts of docs/product.md. */
import { saysNetworkFailed } from '../lib/loadFailureWordings'
import { isChunkLoadError } from './chunkReload'

export const NOT_FOUND_STATUS = 404

/** What the error screen shows: a status code and a message for a person. */
export class PageError extends Error {
  override name = 'PageError'
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
  }
}

export interface FullPathParts {
  pathname: string
  search?: string
  hash?: string
}

export function fullPath({ pathname, search = '', hash = '' }: FullPathParts): string {
  return `${pathname}${search}${hash}`
}

/** An address that matches no route. */
export function notFoundMessage(location: FullPathParts): string {
  return `Page not found: ${fullPath(location)}`
}

/** A route whose `validate` check refused the address. */
export function validationFailedMessage(location: FullPathParts): string {
  return `Page Not Found: ${fullPath(location)}`
}

/**
 * What the error screen says when a page could not be fetched at all (offline, or the site
 * unreachable): the browser's own words ("Failed to fetch") tell a person nothing.
 */
export const UNREACHABLE_STATUS = 503
export const UNREACHABLE_MESSAGE =
  'This page could not be loaded: Folio cannot be reached. Check your connection, then try again.'

/** A request the browser could not make: fetch() and import() reject with a TypeError saying so. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && saysNetworkFailed(error.message)
}

export function toPageError(error: unknown): PageError {
  if (error instanceof PageError) return error
  // A page's code or stylesheet that did not arrive (one reload already tried, chunkReload.ts)
  // is a page that could not be loaded too: its wording (a URL in /assets/) means nothing here.
  if (isNetworkFailure(error) || isChunkLoadError(error))
    return new PageError(UNREACHABLE_STATUS, UNREACHABLE_MESSAGE)
  if (isRouteErrorResponseLike(error)) {
    return new PageError(
      error.status,
      error.statusText || (typeof error.data === 'string' ? error.data : 'Error'),
    )
  }
  if (error instanceof Error) return new PageError(500, error.message)
  return new PageError(500, 'Something went wrong.')
}

function isRouteErrorResponseLike(
  value: unknown,
): value is { status: number; statusText: string; data: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'statusText' in value &&
    'internal' in value
  )
}
