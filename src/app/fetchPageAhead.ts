/**
 * Another page's code, fetched while the network is there, for a move that may come offline:
 * signing out always moves to the sign-in page, the dashboard links to the account page, and
 * offline such a page could otherwise not be loaded (the error screen took its place). A page
 * without data needs nothing else (pageDataRouter.ts). Its own module: the route table it reads
 * would otherwise come with every page that has the account menu.
 */
import { preloadPage } from '../routes'

export function fetchPageAhead(path: string): void {
  preloadPage(path)
}
