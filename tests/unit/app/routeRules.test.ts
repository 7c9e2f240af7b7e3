import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { findRouteRule, guardExcludeList, routeRules } from '../../../src/routeRules.ts'

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

  // A page with data but no flag would hydrate and then lose its data on the next move to it; a
  // flag without data would fetch an empty payload and fail offline (src/app/pageDataRouter.ts).
  it('says which pages have data: exactly those whose module exports a loader', () => {
    const routes = readFileSync('src/routes.tsx', 'utf8')
    for (const rule of routeRules) {
      const module = new RegExp(`'${rule.path}': \\(\\) => import\\('\\./pages/(\\w+)'\\)`).exec(
        routes,
      )?.[1]
      expect(module, rule.path).toBeDefined()
      const page = readFileSync(`src/pages/${module}.tsx`, 'utf8')
      const exportsLoader = /^export (?:async )?(?:const|function) loader\b/m.test(page)
      expect(rule.data === true, `${rule.path} (${module})`).toBe(exportsLoader)
    }
  })
})
