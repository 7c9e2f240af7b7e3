import { useLocation } from 'react-router-dom'
import { ErrorScreen } from './ErrorScreen'
import { NOT_FOUND_STATUS, notFoundMessage } from './errors'

/** Path under which 404.html is prerendered; its text must not claim that path was asked for. */
export const NOT_FOUND_DOCUMENT_PATH = '/404'

export function NotFoundScreen() {
  const location = useLocation()
  // 404.html is rendered once at build time and served for every unknown address; in the
  // browser it is rendered afresh (not hydrated) with the address the visitor actually typed.
  const message =
    import.meta.env.SSR && location.pathname === NOT_FOUND_DOCUMENT_PATH
      ? 'Page not found.'
      : notFoundMessage(location)
  return <ErrorScreen statusCode={NOT_FOUND_STATUS} message={message} />
}
