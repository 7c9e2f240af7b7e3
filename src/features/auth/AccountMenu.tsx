import '../../styles/forms.css'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { useSafeNavigate } from '../../app/useSafeNavigate'
import { useLeftoverDraftsQuestion } from './useLeftoverDraftsQuestion'
import { SignInLink } from './SignInLink'
import { signOutWith, signedOutState } from './signOut'
import { loadSupabase } from './supabaseClient'
import { useAuthState } from './useAuthState'

/**
 * The header's account corner. It knows who is signed in from the stored session, so it works
 * on every page without loading supabase-js; signing out loads it on demand.
 */
export function AccountMenu() {
  const auth = useAuthState()
  const location = useLocation()
  const navigate = useSafeNavigate()
  const [open, setOpen] = useState(false)
  const menu = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  // Half way through signing in (the two-factor code still to come) counts as signed out here:
  // the header neither says "Signed in as" to whoever typed the password, nor shows them the
  // titles of the owner's unsaved notes on a sign-out (decision 0014). /login offers them the
  // code, or a sign-out that asks nothing (SignedInNotice.tsx).
  const signedIn = auth.status === 'signed-in' && !auth.awaitsSecondFactor
  const { leftover, question } = useLeftoverDraftsQuestion(signedIn ? auth.user.id : null)

  useEffect(() => setOpen(false), [location.pathname])
  // Signing out moves to the sign-in page: have it at hand, should the connection go first.
  useEffect(() => {
    if (signedIn)
      import('../../app/fetchPageAhead').then(
        (module) => module.fetchPageAhead('/login'),
        () => undefined,
      )
  }, [signedIn])
  // Escape from an item of the menu: focus goes back to the button, as a menu button's does,
  // instead of falling to the page when the item disappears.
  const closeOnEscape = (event: { key: string }) => {
    if (event.key !== 'Escape') return
    if (menu.current?.contains(document.activeElement)) button.current?.focus()
    setOpen(false)
  }
  // Clicks outside, and Escape with focus elsewhere on the page, once the menu is open.
  useEffect(() => {
    if (!open) return
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent) closeOnEscape(event)
      else if (!menu.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('mousedown', close)
      document.removeEventListener('keydown', close)
    }
  }, [open])

  // A menu (role="menu", as the button announces) is used with the arrow keys: opened, focus is on
  // its first item, and ↑ ↓ Home End move along the items (WAI-ARIA's menu button pattern).
  // Before this, focus stayed on the button and the arrows did nothing: a screen reader, which
  // hands those keys to a menu, was left with a menu it could not enter.
  // As the menu is put into the page (a layout effect, as useFocusOnShow says why): a passive one
  // ran after a quick Escape had already closed it, and took focus into the closing menu.
  useClientLayoutEffect(() => {
    if (open) itemsOf(menu.current)[0]?.focus()
  }, [open])
  const moveAlongItems = (event: React.KeyboardEvent) => {
    const items = itemsOf(menu.current)
    const at = items.indexOf(document.activeElement as HTMLElement)
    const to =
      event.key === 'ArrowDown'
        ? (at + 1) % items.length
        : event.key === 'ArrowUp'
          ? (at - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : null
    if (to === null) return
    event.preventDefault()
    items[to]?.focus()
  }

  // Before hydration the visitor is shown as signed out: the common case, and no layout shift.
  if (!signedIn) return <SignInLink />

  const signOut = async () => {
    // The menu closes; a question about unsaved text, if there is one, gives focus back here.
    setOpen(false)
    button.current?.focus()
    if ((await signOutWith(await loadSupabase(), 'local', leftover)) === 'stayed') return
    // To the sign-in page, which says the sign-out worked (and is where one signs in again).
    navigate('/login', { replace: true, state: signedOutState() })
  }

  const label = auth.user.email ?? 'Account'
  return (
    // Escape inside the menu is handled here as well: the page-wide listener above is only
    // attached after the open menu has painted, and a quick Escape could come before it.
    <div className="account-menu" ref={menu} onKeyDown={(event) => open && closeOnEscape(event)}>
      <button
        ref={button}
        type="button"
        className="button button--small account-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        // The whole address, whatever the screen shows: cut short with an ellipsis, or only the
        // initial where the header folds (forms.css).
        aria-label={label}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
          event.preventDefault()
          if (open) itemsOf(menu.current)[0]?.focus()
          else setOpen(true)
        }}
        data-testid="account-menu"
      >
        <span className="account-menu__initial" aria-hidden="true">
          {initialOf(label)}
        </span>
        <span className="account-menu__label" aria-hidden="true">
          {label}
        </span>
      </button>
      {open ? (
        <div className="account-menu__panel">
          {auth.user.email ? (
            <p className="account-menu__who">
              Signed in as{' '}
              <span className="account-menu__email" data-testid="account-menu-email">
                {auth.user.email}
              </span>
            </p>
          ) : null}
          <ul className="account-menu__items" role="menu" onKeyDown={moveAlongItems}>
            <li role="none">
              <Link role="menuitem" to="/dashboard">
                Your notes
              </Link>
            </li>
            <li role="none">
              <Link role="menuitem" to="/dashboard/account">
                Account settings
              </Link>
            </li>
            <li role="none">
              <button
                role="menuitem"
                type="button"
                className="link-button"
                onClick={() => void signOut()}
              >
                Sign out
              </button>
            </li>
          </ul>
        </div>
      ) : null}
      {question}
    </div>
  )
}

/** The address's first character, whole even where it is not a single UTF-16 unit. */
function initialOf(label: string): string {
  return (Array.from(label)[0] ?? '').toUpperCase()
}

// Layout effects never run in a server render, where React warns about them (useFocusOnShow.ts).
const useClientLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
}
