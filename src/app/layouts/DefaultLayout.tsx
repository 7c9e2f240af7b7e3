import { PageOutlet } from './PageOutlet'
import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'

/** Header navigation, the page in a readable column, footer. */
interface LayoutProps {
  account?: React.ReactNode
}

export function DefaultLayout({ account }: LayoutProps) {
  return (
    <div className="layout layout--default">
      <SiteHeader variant="default" account={account} />
      <main id="main" className="layout__main">
        <PageOutlet />
      </main>
      <SiteFooter />
    </div>
  )
}
