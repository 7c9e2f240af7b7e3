/**
 * authErrorMessage for the form that /login opens on and for /confirm: the mapping (every code
 * the auth service can answer) is fetched when an error is to be shown, so those pages' first
 * load stays within its budget. If even that fetch fails, the network is the problem, and that is what it says.
 */
const UNREACHABLE = 'We cannot reach Folio right now. Check your connection and try again.'

export function describeAuthError(error: unknown): Promise<string> {
  return import('../../lib/serviceErrorMessages').then(
    ({ authErrorMessage }) => authErrorMessage(error),
    () => UNREACHABLE,
  )
}
