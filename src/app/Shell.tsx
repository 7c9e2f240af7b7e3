import { useEffect, useMemo } from 'react'
import { Outlet, useLocation, useMatches } from 'react-router-dom'
import { Head } from 'vite-react-ssg'
import { ColorModeContext } from './colorMode/ColorModeContext'
import { FORCED_MODE_ATTRIBUTE } from './colorMode/colorMode'
import { resolveMiddleware } from './middleware'
import { isRouteHandle } from './routeHandle'
import { useColorMode } from './colorMode/useColorMode'
import { useScrollBehavior } from './useScrollBehavior'

/**
 * The root of every page: applies the matched route's rules (colour mode, middleware) and the navigation behaviours, then renders the layout and page below it.
 */
export function Shell() {
  const matches = useMatches()
  const location = useLocation()
  const handle = [...matches]
    .reverse()
    .map((match) => match.handle)
    .find(isRouteHandle)
  const rule = handle?.rule
  const colorMode = useColorMode(rule?.colorMode)
  useScrollBehavior()

  // Resolved during render so an unknown name reaches the error screen instead of being skipped.
  const middleware = useMemo(() => resolveMiddleware(rule?.middleware), [rule])
  useEffect(() => {
    for (const run of middleware) void run(location)
  }, [middleware, location])

  useEffect(() => {
    // A plain signal that React owns the page now (end-to-end tests wait for it before clicking).
    document.documentElement.dataset.hydrated = 'true'
  }, [])

  const htmlAttributes = rule?.colorMode ? { [FORCED_MODE_ATTRIBUTE]: rule.colorMode } : {}

  return (
    <ColorModeContext.Provider value={colorMode}>
      <Head htmlAttributes={{ lang: 'en', ...htmlAttributes }}>
        <meta name="generator" content="Folio" />
      </Head>
      {/* The layouts apply the route's validation, so a refused address keeps the site around it. */}
      <Outlet />
    </ColorModeContext.Provider>
  )
}
