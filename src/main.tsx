// Must stay the first import: it restores the prerendered state before the router is created.
import './app/ssgState'
import { ViteReactSSG } from 'vite-react-ssg'
import { startClientServices } from './app/clientServices'
import { preloadPage, routes } from './routes'
import 'virtual:folio-fonts.css'
// The site's stylesheet, in cascade order: tokens, page-wide rules, shared components, then each
// feature's own rules.
import './styles/tokens.css'
import './styles/base.css'
import './styles/site-chrome.css'
import './styles/buttons.css'
import './styles/pages.css'
import './styles/forms.css'
import './features/content/content.css'
import './features/billing/billing.css'
import './features/workspace/workspace.css'
import './features/marketing/marketing.css'

export const createRoot = ViteReactSSG(
  {
    routes,
    basename: import.meta.env.BASE_URL,
    future: {
      v7_relativeSplatPath: true,
      v7_fetcherPersist: true,
      v7_normalizeFormMethod: true,
      v7_skipActionErrorRevalidation: true,
    },
  },
  ({ router, isClient }) => {
    if (isClient && router) startClientServices(router, { preloadPage })
  },
)
