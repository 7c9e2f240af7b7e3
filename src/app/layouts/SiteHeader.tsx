import { HydrateInTurn } from '../HydrateInTurn'
import { Link, NavLink } from 'react-router-dom'
import { useColorModeState } from '../colorMode/ColorModeContext'
import { ColorModeToggle } from '../colorMode/ColorModeToggle'
import { primaryNav } from './navigation'
import { useMenuDisclosure } from './useMenuDisclosure'

interface SiteHeaderProps {
  variant: 'default' | 'marketing'
  /** The account corner, supplied by whoever composes the routes (the shell knows no features). */
  account?: React.ReactNode
}

/**
 * One row at every width: on wide screens the navigation and the colour-mode toggle sit in the
 * row; on narrow ones they fold into a menu behind a button, and the account corner stays.
 */
export function SiteHeader({ variant, account }: SiteHeaderProps) {
  const { preference, forced, setPreference } = useColorModeState()
  const menu = useMenuDisclosure()
  return (
    <HydrateInTurn as="header" className={`site-header site-header--${variant}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header__inner" onKeyDown={menu.onKeyDown}>
        <Link to="/" className="brand" aria-label="Folio home">
          <span className="brand__mark" aria-hidden="true">
            ▤
          </span>
          Folio
        </Link>
        <div
          id="site-menu"
          className="site-header__menu"
          data-open={menu.open ? 'true' : undefined}
          ref={menu.panelRef}
        >
          <nav aria-label="Main" className="site-nav">
            <ul>
              {primaryNav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to}>{item.label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <ColorModeToggle preference={preference} forced={forced} onChange={setPreference} />
        </div>
        <div className="site-header__actions">{account}</div>
        <button
          type="button"
          className="site-header__menu-button"
          aria-expanded={menu.open}
          aria-controls="site-menu"
          onClick={menu.toggle}
          ref={menu.buttonRef}
        >
          <span aria-hidden="true">{menu.open ? '✕' : '☰'}</span>
          Menu
        </button>
      </div>
    </HydrateInTurn>
  )
}
