import { describe, expect, it } from 'vitest'
import {
  decideGuard,
  matchesPathPattern,
  type GuardConfig,
} from '../../../src/features/auth/guard.ts'
import { CALLBACK_PATH, LOGIN_PATH, guardExcludeList } from '../../../src/routeRules.ts'

const config: GuardConfig = {
  excludes: guardExcludeList,
  loginPath: LOGIN_PATH,
  callbackPath: CALLBACK_PATH,
}
const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash })

describe('matchesPathPattern', () => {
  it.each([
    ['/blog/a-post', '/blog/*', true],
    ['/blog/a/b', '/blog/*', true],
    ['/blog', '/blog/*', false],
    ['/blogger', '/blog/*', false],
    ['/docs/x/intro', '/docs/*/intro', true],
    ['/docs/x/y/intro', '/docs/*/intro', false],
    ['/docs/x/y/intro', '/docs/**', true],
    ['/pricing/', '/pricing', true],
    ['/pricing.html', '/pricing', false],
    ['/a.b', '/a*b', true],
  ])('%s against %s → %s', (path, pattern, expected) => {
    expect(matchesPathPattern(path, pattern)).toBe(expected)
  })
})

describe('decideGuard', () => {
  it('lets visitors see public pages, blog posts, login and callback', () => {
    for (const path of [
      '/',
      '/pricing',
      '/blog',
      '/blog/some-post',
      '/login',
      '/confirm',
      '/terms',
    ]) {
      expect(decideGuard(at(path), false, config)).toEqual({ kind: 'allow' })
    }
  })

  it('sends visitors of guarded pages to login with a redirect back', () => {
    expect(decideGuard(at('/dashboard'), false, config)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fdashboard',
    })
    expect(decideGuard(at('/subscribe/stripe', '?plan=pro&interval=year'), false, config)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fsubscribe%2Fstripe%3Fplan%3Dpro%26interval%3Dyear',
    })
  })

  it('lets signed-in users into the dashboard (the original rule is inverted on purpose)', () => {
    expect(decideGuard(at('/dashboard'), true, config)).toEqual({ kind: 'allow' })
    expect(decideGuard(at('/stripe'), true, config)).toEqual({ kind: 'allow' })
  })
})
