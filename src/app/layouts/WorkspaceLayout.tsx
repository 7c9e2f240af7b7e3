import { PageOutlet } from './PageOutlet'
import { SiteHeader } from './SiteHeader'

interface LayoutProps {
  account?: React.ReactNode
}

/**
 * The signed-in workspace: the site's header across the full width, and the page filling the
 * rest of the window (it scrolls inside its own panes). No footer: the panes end at the bottom
 * of the window, and the footer's links are one click away on every other page.
 */
export function WorkspaceLayout({ account }: LayoutProps) {
  return (
    <div className="layout layout--workspace">
      <SiteHeader variant="default" account={account} />
      <main id="main" className="layout__main layout__main--workspace">
        <PageOutlet />
      </main>
    </div>
  )
}
