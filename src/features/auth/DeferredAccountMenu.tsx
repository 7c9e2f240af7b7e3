import { useEffect, useState, type ComponentType } from 'react'
import { SignInLink } from './SignInLink'

/**
 * The header's account corner on every page. The prerendered page and the first client render
 * show the sign-in link (the server knows no session); the session-aware menu, with the
 * stored-session and cookie code behind it, loads once the page is hydrated, so the first load
 * of a public page does not carry it (docs/decisions/0008).
 */
export function DeferredAccountMenu() {
  const [Menu, setMenu] = useState<ComponentType | null>(null)
  useEffect(() => {
    let mounted = true
    import('./AccountMenu').then(
      (module) => mounted && setMenu(() => module.AccountMenu),
      // Unreachable chunk (offline, or a deploy removed it): the sign-in link still works.
      () => undefined,
    )
    return () => {
      mounted = false
    }
  }, [])
  return Menu ? <Menu /> : <SignInLink />
}
