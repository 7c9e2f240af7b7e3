import { useRouteError } from 'react-router-dom'
import { Head } from 'vite-react-ssg'
import { toHttpError } from './errors'
import { useSafeNavigate } from './useSafeNavigate'

interface ErrorScreenProps {
  statusCode: number
  message: string
}

/** The fatal-error screen of the spec: status code, 'Oops.', the message and a way home. */
export function ErrorScreen({ statusCode, message }: ErrorScreenProps) {
  const navigate = useSafeNavigate()
  return (
    <main className="error-screen" id="main">
      <Head>
        <title>{`${statusCode} · Folio`}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <p className="error-screen__status">{statusCode}</p>
      <h1 className="error-screen__title">Oops.</h1>
      <p className="error-screen__message">{message}</p>
      <button type="button" className="button button--primary" onClick={() => navigate('/')}>
        Go Home .....
      </button>
    </main>
  )
}

/** The router's errorElement: whatever was thrown, shown as an ErrorScreen. */
export function RouteErrorScreen() {
  const error = toHttpError(useRouteError())
  return <ErrorScreen statusCode={error.statusCode} message={error.message} />
}
