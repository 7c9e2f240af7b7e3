import { HydrateInTurn } from '../HydrateInTurn'
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
      <HydrateInTurn as="main" id="main" className="layout__main">
        <PageOutlet />
      </HydrateInTurn>
      <SiteFooter />
    </div>
  )
}
