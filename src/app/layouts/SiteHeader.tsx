import { Link, NavLink } from 'react-router-dom'
import { useColorModeState } from '../ColorModeContext'
import { ColorModeToggle } from '../ColorModeToggle'
import { primaryNav } from './navigation'

interface SiteHeaderProps {
  variant: 'default' | 'custom'
  /** The account corner, supplied by whoever composes the routes (the shell knows no features). */
  account?: React.ReactNode
}

export function SiteHeader({ variant, account }: SiteHeaderProps) {
  const { preference, forced, setPreference } = useColorModeState()
  return (
    <header className={`site-header site-header--${variant}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label="Folio home">
          <span className="brand__mark" aria-hidden="true">
            ▤
          </span>
          Folio
        </Link>
        <nav aria-label="Main" className="site-nav">
          <ul>
            {primaryNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <ColorModeToggle preference={preference} forced={forced} onChange={setPreference} />
          {account}
        </div>
      </div>
    </header>
  )
}
