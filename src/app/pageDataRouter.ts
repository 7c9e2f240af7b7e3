/**
 * The browser's router, with the payload loaders only where there is data. vite-react-ssg gives
 * every route a loader that reads the page's payload file (node_modules/vite-react-ssg/dist/
 * index.mjs, transformStaticLoaderRoute), the shell and the layouts included, though only
 * pages have data (their payloads hold `null` for the others). Those extra loaders ran on a
 * move to another layout, or to a new query, and fetched the same file: offline, the shell's
 * or the layout's failed above the page, so the error screen replaced the whole site, header
 * and footer gone. With only the pages' loaders, a page that cannot be fetched shows its error
 * screen inside its layout, as the 404 does.
 */
import { createBrowserRouter } from 'react-router-dom'
import { isRouteHandle } from './routeHandle'

type RouterRoutes = Parameters<typeof createBrowserRouter>[0]

/**
 * Pages are the routes of the route table (src/routes.tsx), known by their handle; of them, only
 * those whose rule says they have data (`data` in src/routeRules.ts) read a payload. The others'
 * payloads hold nothing, and fetching one cost each move to /pricing, /login or the dashboard a
 * request, and offline made a page whose code was at hand unreachable.
 */
function withPayloadLoadersOnPages(routes: RouterRoutes): RouterRoutes {
  return routes.map((route) => {
    const hasData = isRouteHandle(route.handle) && route.handle.rule.data === true
    const kept = hasData ? route : { ...route, loader: undefined }
    return route.children ? { ...kept, children: withPayloadLoadersOnPages(route.children) } : kept
  }) as RouterRoutes
}

export const createPageDataRouter: typeof createBrowserRouter = (routes, options) =>
  createBrowserRouter(withPayloadLoadersOnPages(routes), options)
