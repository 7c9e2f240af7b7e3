import { useEffect } from 'react'
import { Outlet, useMatches } from 'react-router-dom'
import { Head } from 'vite-react-ssg'
import { ColorModeContext } from './colorMode/ColorModeContext'
import { FORCED_MODE_ATTRIBUTE } from './colorMode/colorMode'
import { isRouteHandle } from './routeHandle'
import { useColorMode } from './colorMode/useColorMode'
import { useScrollBehavior } from './useScrollBehavior'
import { useIsHydrated } from './useIsHydrated'

/**
 * The root of every page: applies the matched route's rules (colour mode) and the navigation
 * behaviours, then renders the layout and page below it. Access is the auth guard's job
 * (src/features/auth/guard.ts), which guarded pages apply through `RequireUser`.
 */
export function Shell() {
  const matches = useMatches()
  const handle = [...matches]
    .reverse()
    .map((match) => match.handle)
    .find(isRouteHandle)
  const rule = handle?.rule
  const colorMode = useColorMode(rule?.colorMode)
  useScrollBehavior()

  const hydrated = useIsHydrated()
  useEffect(() => {
    // A plain signal that React owns the whole page now, every part hydrated in turn included
    // (end-to-end tests wait for it before clicking).
    if (hydrated) document.documentElement.dataset.hydrated = 'true'
  }, [hydrated])

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
