import { HydrateInTurn } from '../HydrateInTurn'
import { Link } from 'react-router-dom'
import { footerNav } from './navigation'

export function SiteFooter() {
  return (
    <HydrateInTurn as="footer" className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__brand">
          <strong>Folio</strong> — markdown notes with real code. Open source, self-hostable.
        </p>
        <nav aria-label="Footer">
          <ul>
            {footerNav.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__legal">
          © 2026 Folio Labs. Made for people who write code and notes.
        </p>
      </div>
    </HydrateInTurn>
  )
}
