// Must stay the first import: it restores the prerendered state before the router is created.
import './app/ssgState'
import { ViteReactSSG } from 'vite-react-ssg'
import { startClientServices } from './app/clientServices'
import { createPageDataRouter } from './app/pageDataRouter'
import { preloadPage, routes } from './routes'
// The site-wide stylesheet, in cascade order: tokens, page-wide rules, the header and footer,
// buttons and what any page may show. The rest comes with the modules that use it (forms.css
// with forms, pages.css with the landing and pricing pages, each feature's CSS with its entry),
// so a page carries only the CSS of what it shows: public pages never carry the workspace's.
import './styles/tokens.css'
import './styles/base.css'
import './styles/site-chrome.css'
import './styles/buttons.css'
import './styles/page-frame.css'

export const createRoot = ViteReactSSG(
  {
    routes,
    basename: import.meta.env.BASE_URL,
    customCreateRouter: createPageDataRouter,
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
