import { Outlet } from 'react-router-dom'
import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'

/** Header navigation, the page in a readable column, footer. */
export function DefaultLayout() {
  return (
    <div className="layout layout--default">
      <SiteHeader variant="default" />
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
