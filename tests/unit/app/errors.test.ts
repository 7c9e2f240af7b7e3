import { describe, expect, it } from 'vitest'
import {
  HttpError,
  notFoundMessage,
  toHttpError,
  validationFailedMessage,
} from '../../../src/app/errors'

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

describe('toHttpError', () => {
  it('keeps status codes of HttpErrors and route error responses', () => {
    expect(toHttpError(new HttpError(403, 'No')).statusCode).toBe(403)
    const routeError = { status: 404, statusText: 'Not Found', internal: true, data: '' }
    expect(toHttpError(routeError)).toMatchObject({ statusCode: 404, message: 'Not Found' })
  })

  it('treats anything else as a 500 with its message', () => {
    expect(toHttpError(new Error('boom'))).toMatchObject({ statusCode: 500, message: 'boom' })
    expect(toHttpError('weird').statusCode).toBe(500)
  })
})
