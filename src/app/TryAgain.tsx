import { useEffect, useState } from 'react'

/**
 * "Try again" for a page that could not be fetched. Once Folio answers, the page is loaded
 * afresh, as a full load: a stylesheet or a chunk that failed is not asked for again by the
 * bundle's loader in the same document (vite's preload helper remembers the href), so only a
 * new document brings the page whole. It asks first, so a click while the connection is still
 * gone keeps this screen (and says so) instead of trading it for the browser's offline page.
 * It tries by itself when the browser says it is back online.
 */
export function TryAgain() {
  const [stillUnreachable, setStillUnreachable] = useState(false)
  const retry = () => {
    fetch(window.location.href, { method: 'HEAD', cache: 'no-store' }).then(
      () => window.location.reload(),
      () => setStillUnreachable(true),
    )
  }
  useEffect(() => {
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  })
  return (
    <>
      <button type="button" className="button button--primary" onClick={retry}>
        Try again
      </button>
      {stillUnreachable && (
        <p className="error-screen__retry-note" role="status">
          Still no connection. This page loads by itself once you are back online.
        </p>
      )}
    </>
  )
}
