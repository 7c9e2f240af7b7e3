import type { Location } from 'react-router-dom'
import type { RouteRule } from '../routeRules'

/** What every page route carries in its react-router `handle`. */
export interface RouteHandle {
  rule: RouteRule
  /** An address this returns false for gets the 404 'Page Not Found: {fullPath}'. */
  validate?: (location: Pick<Location, 'pathname' | 'search' | 'hash'>) => boolean
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'rule' in value
}
