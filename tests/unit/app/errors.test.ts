import { describe, expect, it } from 'vitest'
import {
  PageError,
  notFoundMessage,
  toPageError,
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

  it('treats anything else as a 500 with its message', () => {
    expect(toPageError(new Error('boom'))).toMatchObject({ statusCode: 500, message: 'boom' })
    expect(toPageError('weird').statusCode).toBe(500)
  })
})
