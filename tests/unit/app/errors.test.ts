import { describe, expect, it } from 'vitest'
import {
  PageError,
  notFoundMessage,
  toPageError,
  UNREACHABLE_MESSAGE,
  UNREACHABLE_STATUS,
  validationFailedMessage,
} from '../../../src/app/errors.ts'

describe('404 texts', () => {
  it('names the full path of an unmatched route', () => {
    expect(notFoundMessage({ pathname: '/nope', search: '?a=1', hash: '#b' })).toBe(
      'Page not found: /nope?a=1#b',
    )
  })

  it('uses the product capitalisation for a failed validation', () => {
    expect(validationFailedMessage({ pathname: '/subscribe/stripe', search: '?plan=gold' })).toBe(
      'Page Not Found: /subscribe/stripe?plan=gold',
    )
  })
})

describe('toPageError', () => {
  it('keeps status codes of PageErrors and route error responses', () => {
    expect(toPageError(new PageError(403, 'No')).statusCode).toBe(403)
    const routeError = { status: 404, statusText: 'Not Found', internal: true, data: '' }
    expect(toPageError(routeError)).toMatchObject({ statusCode: 404, message: 'Not Found' })
  })

  it('says in words that a page could not be fetched, whatever the engine called it', () => {
    for (const message of [
      'Failed to fetch',
      'Failed to fetch dynamically imported module: https://folio.example/assets/AboutPage-1.js',
      'NetworkError when attempting to fetch resource.',
      'error loading dynamically imported module: https://folio.example/assets/AboutPage-1.js',
      'Load failed',
      'Importing a module script failed.',
    ])
      expect(toPageError(new TypeError(message))).toMatchObject({
        statusCode: UNREACHABLE_STATUS,
        message: UNREACHABLE_MESSAGE,
      })
    // A page's code or stylesheet that did not arrive, in the bundle's words, is the same.
    for (const message of [
      'Unable to preload CSS for https://folio.example/assets/plans-1.css',
      'Loading chunk 42 failed.',
    ])
      expect(toPageError(new Error(message))).toMatchObject({
        statusCode: UNREACHABLE_STATUS,
        message: UNREACHABLE_MESSAGE,
      })
    // Only the browser's network failures: a programming error keeps its own words.
    expect(toPageError(new TypeError('x is not a function')).statusCode).toBe(500)
  })

  it('treats anything else as a 500 with its message', () => {
    expect(toPageError(new Error('boom'))).toMatchObject({ statusCode: 500, message: 'boom' })
    expect(toPageError('weird').statusCode).toBe(500)
  })
})
