import { useEffect, useState, type ComponentType } from 'react'
import { useLocation } from 'react-router-dom'
import { SESSION_KEY_PATTERN } from './sessionKey'
import { SignInLink } from './SignInLink'

/**
 * Whether this device holds a session at all; the menu itself checks it is a valid one for
 * this backend. By the key's shape: the backend's address would bring the configuration (and
 * its key) into every public page's first load.
 */
function holdsSession(): boolean {
  try {
    for (let index = 0; index < window.localStorage.length; index += 1)
      if (SESSION_KEY_PATTERN.test(window.localStorage.key(index) ?? '')) return true
  } catch {
    // Storage denied (private mode): nobody can be signed in here.
  }
  return false
}

/**
 * The header's account corner on every page. The prerendered page and the first client render
 * show the sign-in link (the server knows no session); the session-aware menu, with the
 * stored-session and cookie code behind it, loads once the page is hydrated, so the first load
 * of a public page does not carry it (docs/decisions/0008). It loads only for a device that
 * holds a session: a visitor who never signed in gets the sign-in link without its seven
 * requests and their work after hydration. Signing in elsewhere is noticed as it happens: in
 * another tab through the `storage` event, in this one at the next navigation (signing in
 * always makes one: to the next page, or to the sign-in page's word about a weak password).
 */
export function DeferredAccountMenu() {
  const [Menu, setMenu] = useState<ComponentType | null>(null)
  const { key } = useLocation()
  useEffect(() => {
    if (Menu) return
    let mounted = true
    const load = () =>
      import('./AccountMenu').then(
        (module) => mounted && setMenu(() => module.AccountMenu),
        // Unreachable chunk (offline, or a deploy removed it): the sign-in link still works.
        () => undefined,
      )
    const signedInElsewhere = (event: StorageEvent) => {
      if (event.key && SESSION_KEY_PATTERN.test(event.key) && event.newValue !== null) void load()
    }
    if (holdsSession()) void load()
    else window.addEventListener('storage', signedInElsewhere)
    return () => {
      mounted = false
      window.removeEventListener('storage', signedInElsewhere)
    }
  }, [Menu, key])
  return Menu ? <Menu /> : <SignInLink />
}
