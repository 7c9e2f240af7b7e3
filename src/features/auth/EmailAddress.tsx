import { Fragment } from 'react'

/**
 * An email address in running text, wrapped where a reader expects it to be: after its `@` or a
 * dot, never at a hyphen. A browser breaks text after any hyphen, so
 * `first-name.last-name@example-company.com` on a phone read "first-name.last-name@example-" and
 * "company.com", as if the hyphen were the line's. Each part up to and including an `@` or a dot
 * is kept whole (forms.css, .email-address__part); only an address part wider than the line
 * itself wraps inside.
 */
export function EmailAddress({ address }: { address: string }) {
  return (
    <span className="email-address">
      {(address.match(/[^@.]*[@.]|[^@.]+$/g) ?? [address]).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span className="email-address__part">{part}</span>
        </Fragment>
      ))}
    </span>
  )
}
