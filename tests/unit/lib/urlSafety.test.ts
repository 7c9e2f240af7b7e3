import { describe, expect, it } from 'vitest'
import {
  NavigationError,
  hasDangerousProtocol,
  resolveNavigation,
  toSafeRedirectPath,
} from '../../../src/lib/urlSafety.ts'

const origin = 'https://folio.example'

const dangerous = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  '\tjava\nscript:alert(1)',
  'java\u0000script:alert(1)',
  '%6Aavascript:alert(1)',
  'javascript%3Aalert(1)',
  '%256Aavascript:alert(1)',
  '&#106;avascript:alert(1)',
  '&#x6A;avascript&colon;alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '\u200bjavascript:alert(1)',
]

describe('hasDangerousProtocol', () => {
  it.each(dangerous)('refuses %j', (url) => {
    expect(hasDangerousProtocol(url)).toBe(true)
  })

  it.each(['/blog', 'https://example.com/javascript:', 'mailto:hi@folio.example', '#javascript:'])(
    'accepts %j',
    (url) => {
      expect(hasDangerousProtocol(url)).toBe(false)
    },
  )
})

describe('resolveNavigation', () => {
  it('keeps internal paths with query and hash', () => {
    expect(resolveNavigation('/blog?tag=x#top', { origin })).toEqual({
      kind: 'internal',
      path: '/blog?tag=x#top',
    })
    expect(resolveNavigation(`${origin}/pricing`, { origin })).toEqual({
      kind: 'internal',
      path: '/pricing',
    })
  })

  it('raises an error for external URLs unless explicitly allowed', () => {
    expect(() => resolveNavigation('https://evil.example/', { origin })).toThrow(NavigationError)
    expect(() => resolveNavigation('//evil.example/x', { origin })).toThrow(
      /external URL is not allowed/,
    )
    expect(
      resolveNavigation('https://billing.stripe.com/p/session', { origin, external: true }),
    ).toEqual({
      kind: 'external',
      href: 'https://billing.stripe.com/p/session',
    })
  })

  it.each(dangerous)('raises an error for %j even when external navigation is allowed', (url) => {
    expect(() => resolveNavigation(url, { origin, external: true })).toThrow(NavigationError)
  })
})

describe('toSafeRedirectPath', () => {
  it('accepts same-origin paths', () => {
    expect(toSafeRedirectPath('/dashboard', origin)).toBe('/dashboard')
    expect(toSafeRedirectPath('/blog/post?x=1#h', origin)).toBe('/blog/post?x=1#h')
  })

  it.each([
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%2F%2Fevil.example',
    '%2F%2Fevil.example',
    // Dot segments collapse only when the URL is resolved, leaving `//host` behind.
    '/.//evil.com',
    '/..//evil.com',
    '/%2e//evil.com',
    '/%2E%2E//evil.com',
    '/x/../\\evil.com',
    '/x/..//evil.com',
    '/./\\evil.com',
    '/dashboard/../..//evil.com',
    '/.%2f/evil.com',
    '/.\\/evil.com',
    'https://evil.example/dashboard',
    'javascript:alert(1)',
    '/javascript:alert(1)'.slice(1),
    'dashboard',
    '',
    null,
  ])('refuses %j', (target) => {
    expect(toSafeRedirectPath(target, origin)).toBeNull()
  })
})

describe('toSafeRedirectPath after resolution', () => {
  it('collapses harmless dot segments to the page they name', () => {
    expect(toSafeRedirectPath('/blog/../pricing', origin)).toBe('/pricing')
    expect(toSafeRedirectPath('/./dashboard', origin)).toBe('/dashboard')
  })

  // Whatever it returns is navigated to after sign-in: it must stay on this origin when the
  // browser resolves it again, so navigation never reaches the developer error.
  it.each([
    '/.//evil.com',
    '/..//evil.com',
    '/%2e//evil.com',
    '/x/../\\evil.com',
    '/dashboard?next=//evil.com',
    '/a/b/../c#//evil.com',
  ])('returns a path that stays on the site for %j', (target) => {
    const path = toSafeRedirectPath(target, origin) ?? '/dashboard'
    expect(new URL(path, origin).origin).toBe(origin)
    expect(() => resolveNavigation(path, { origin })).not.toThrow()
  })

  // These resolve to the bare path `//`, which is no URL at all on a second resolution: the
  // check runs while /login and /confirm render, so a throw there showed the error screen.
  it.each(['/.//', '/./\\', '/./%2f', '/././/', '/./%2e//', '/./\t/', '/x/..//'])(
    'refuses %j quietly, without throwing',
    (target) => {
      expect(toSafeRedirectPath(target, origin)).toBeNull()
    },
  )
})
