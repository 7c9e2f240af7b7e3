import { HydrateInTurn } from '../HydrateInTurn'
import { PageOutlet } from './PageOutlet'
import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'

/** The marketing layout: full-bleed sections, the page decides its own widths. */
interface LayoutProps {
  account?: React.ReactNode
}

export function MarketingLayout({ account }: LayoutProps) {
  return (
    <div className="layout layout--marketing">
      <SiteHeader variant="marketing" account={account} />
      <HydrateInTurn as="main" id="main" className="layout__main layout__main--wide">
        <PageOutlet />
      </HydrateInTurn>
      <SiteFooter />
    </div>
  )
}
