/** The site's navigation, shared by both layouts' headers and footers. */
export interface NavItem {
  to: string
  label: string
}

export const primaryNav: readonly NavItem[] = [
  { to: '/home', label: 'Product' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/blog', label: 'Blog' },
  { to: '/changelog', label: 'Changelog' },
  { to: '/about', label: 'About' },
]

export const footerNav: readonly NavItem[] = [
  ...primaryNav,
  { to: '/contact', label: 'Contact' },
  { to: '/terms', label: 'Terms' },
]
