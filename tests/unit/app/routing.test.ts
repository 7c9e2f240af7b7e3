import { describe, expect, it } from 'vitest'
import { decideScroll, findHashTarget } from '../../../src/app/scrollBehavior'
import { isValidCheckoutQuery } from '../../../src/features/billing/checkoutQuery'
import { findRouteRule, guardExcludeList, routeRules } from '../../../src/routeRules'

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash })

describe('decideScroll', () => {
  it('scrolls to the top when the path changes', () => {
    expect(decideScroll(at('/a'), at('/b'), { isPop: false })).toEqual({ kind: 'top' })
  })

  it('scrolls to the element of a hash', () => {
    expect(decideScroll(at('/a'), at('/b', '', '#install'), { isPop: false })).toEqual({
      kind: 'element',
      id: 'install',
    })
    expect(decideScroll(at('/b'), at('/b', '', '#caf%C3%A9'), { isPop: false })).toEqual({
      kind: 'element',
      id: 'café',
    })
  })

  it('restores the saved position on back/forward', () => {
    expect(decideScroll(at('/a'), at('/b'), { isPop: true, savedTop: 420 })).toEqual({
      kind: 'restore',
      top: 420,
    })
  })

  it('leaves the reader in place for a query change on the same page', () => {
    expect(decideScroll(at('/blog'), at('/blog', '?tag=x'), { isPop: false })).toEqual({
      kind: 'none',
    })
  })
})

describe('route table', () => {
  it('has every route of the product, once', () => {
    const paths = routeRules.map((rule) => rule.path)
    expect(new Set(paths).size).toBe(paths.length)
    expect(paths.sort()).toEqual(
      [
        '/',
        '/home',
        '/about',
        '/blog',
        '/blog/:slug',
        '/changelog',
        '/contact',
        '/dashboard',
        '/dashboard/account',
        '/pricing',
        '/stripe',
        '/subscribe/stripe',
        '/subscribe/success',
        '/success',
        '/terms',
        '/login',
        '/confirm',
      ].sort(),
    )
  })

  it('forces light on the landing, tour, changelog and pricing pages only', () => {
    const forced = routeRules.filter((rule) => rule.colorMode === 'light').map((rule) => rule.path)
    expect(forced.sort()).toEqual(['/', '/changelog', '/home', '/pricing'])
  })

  it('guards only the signed-in pages', () => {
    expect(
      routeRules
        .filter((rule) => rule.guarded)
        .map((rule) => rule.path)
        .sort(),
    ).toEqual(['/dashboard', '/dashboard/account', '/stripe', '/subscribe/stripe'])
    expect(guardExcludeList).toContain('/blog/*')
    expect(guardExcludeList).not.toContain('/dashboard')
  })

  it('finds the rule of a blog post and of a trailing-slash path', () => {
    expect(findRouteRule('/blog/some-post')?.path).toBe('/blog/*')
    expect(findRouteRule('/pricing/')?.colorMode).toBe('light')
    expect(findRouteRule('/nope')).toBeUndefined()
  })
})

describe('checkout address validation', () => {
  it('accepts known plans and intervals and refuses others', () => {
    expect(isValidCheckoutQuery(new URLSearchParams(''))).toBe(true)
    expect(isValidCheckoutQuery(new URLSearchParams('plan=pro&interval=year'))).toBe(true)
    expect(isValidCheckoutQuery(new URLSearchParams('plan=gold'))).toBe(false)
    expect(isValidCheckoutQuery(new URLSearchParams('plan=pro&interval=week'))).toBe(false)
  })
})

describe('findHashTarget', () => {
  const page = (ids: string[]) => ({
    getElementById: (id: string) => (ids.includes(id) ? ({ id } as unknown as HTMLElement) : null),
  })

  it('finds a heading of rendered markdown by the fragment its anchor links to', () => {
    expect(findHashTarget('install', page(['user-content-install']))?.id).toBe(
      'user-content-install',
    )
  })

  it("prefers the page's own element with exactly that id", () => {
    expect(findHashTarget('install', page(['install', 'user-content-install']))?.id).toBe('install')
  })

  it('finds nothing when neither exists', () => {
    expect(findHashTarget('nowhere', page([]))).toBeNull()
  })
})
