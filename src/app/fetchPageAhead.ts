/**
 * Another page, code and payload, fetched while the network is there, for a move that may come
 * offline: signing out always moves to the sign-in page, and offline that page could otherwise
 * not be loaded (the error screen took its place). Its own module, apart from
 * fetchPayloadAhead.ts: the route table it reads would otherwise come with every page that
 * fetches its payload ahead (the sign-in page's first load).
 */
import { fetchPayloadAhead } from './fetchPayloadAhead'
import { preloadPage } from '../routes'

export function fetchPageAhead(path: string): void {
  fetchPayloadAhead(path)
  preloadPage(path)
}
