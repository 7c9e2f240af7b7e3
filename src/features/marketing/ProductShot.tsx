// The pictures' stylesheet travels with them: only the landing page and the tour carry it.
import './marketing.css'
/**
 * A picture of Folio made of HTML and CSS: the app's bar (mark, document title, save state)
 * around whatever the picture shows. Pictures only illustrate what the page says in words, so
 * they are hidden from screen readers and, being `inert`, nothing in them takes focus (the
 * highlighted code blocks inside are focusable in real documents).
 */
interface ProductShotProps {
  /** The document title in the app bar. */
  title: string
  /** The save state the bar shows, as the editor words it. */
  status?: string
  /** Marks the state as needing attention (red), as the editor does for conflicts. */
  alert?: boolean
  className?: string
  children: React.ReactNode
}

// React 18 does not know `inert` yet; it passes an unknown attribute with a string value through.
const DECORATIVE = { 'aria-hidden': true, inert: '' } as React.HTMLAttributes<HTMLDivElement>

export function ProductShot({
  title,
  status = 'Saved',
  alert,
  className,
  children,
}: ProductShotProps) {
  return (
    <div className={className ? `product-shot ${className}` : 'product-shot'} {...DECORATIVE}>
      <div className="product-shot__bar">
        <span className="product-shot__mark">▤</span>
        <span className="product-shot__title">{title}</span>
        <span
          className={
            alert ? 'product-shot__status product-shot__status--alert' : 'product-shot__status'
          }
        >
          {status}
        </span>
      </div>
      {children}
    </div>
  )
}
