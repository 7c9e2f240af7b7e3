import { useRouteError } from 'react-router-dom'
import { Head } from 'vite-react-ssg'
import { toPageError, UNREACHABLE_STATUS } from './errors'
import { TryAgain } from './TryAgain'
import { useSafeNavigate } from './useSafeNavigate'

interface ErrorScreenProps {
  statusCode: number
  message: string
  /** Offers "Try again", for an error that another attempt can mend (the network's). */
  retryable?: boolean
}

/**
 * The fatal-error screen (docs/product.md): status code, 'Oops.', the message and a way home. It is
 * the content of a page: the layout around it gives the site's header, footer and `<main>`.
 */
export function ErrorScreen({ statusCode, message, retryable }: ErrorScreenProps) {
  const navigate = useSafeNavigate()
  return (
    <section className="error-screen" aria-labelledby="error-screen-title">
      <Head>
        <title>{`${statusCode} · Folio`}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <p className="error-screen__status">{statusCode}</p>
      <h1 className="error-screen__title" id="error-screen-title">
        Oops.
      </h1>
      <p className="error-screen__message">{message}</p>
      <div className="error-screen__actions">
        {retryable && <TryAgain />}
        <button
          type="button"
          className={retryable ? 'button' : 'button button--primary'}
          onClick={() => navigate('/')}
        >
          Go Home .....
        </button>
      </div>
    </section>
  )
}

/** A page's errorElement: whatever it threw, shown as an ErrorScreen inside its layout. */
export function RouteErrorScreen() {
  const error = toPageError(useRouteError())
  return (
    <ErrorScreen
      statusCode={error.statusCode}
      message={error.message}
      retryable={error.statusCode === UNREACHABLE_STATUS}
    />
  )
}

/** The last resort, when the layout itself failed: the same screen, alone on the page. */
export function RootErrorScreen() {
  return (
    <main id="main" className="error-screen--alone">
      <RouteErrorScreen />
    </main>
  )
}
