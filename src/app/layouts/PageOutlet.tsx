import { Outlet, useLocation, useMatches } from 'react-router-dom'
import { ErrorScreen } from '../ErrorScreen'
import { NOT_FOUND_STATUS, validationFailedMessage } from '../errors'
import { isRouteHandle } from '../routeHandle'
import { replacingPrerenderedPage } from '../runtime/hydrationCheck'

/**
 * Where a layout puts its page: the matched page, or the validation 404 (docs/product.md) when the route's
 * `validate` check refuses the address, inside the same header and footer as every other page.
 */
export function PageOutlet() {
  const location = useLocation()
  const handle = [...useMatches()]
    .reverse()
    .map((match) => match.handle)
    .find(isRouteHandle)
  if (handle?.validate && !handle.validate(location)) {
    // Refused at once, hydrating or not: the page itself must not act on a refused address.
    replacingPrerenderedPage()
    return <ErrorScreen statusCode={NOT_FOUND_STATUS} message={validationFailedMessage(location)} />
  }
  return <Outlet />
}
