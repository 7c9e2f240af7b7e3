import { describe, expect, it } from 'vitest'
import { isValidCheckoutQuery } from '../../../src/features/billing/checkoutQuery.ts'

describe('checkout address validation', () => {
  it('accepts known plans and intervals and refuses others', () => {
    expect(isValidCheckoutQuery(new URLSearchParams(''))).toBe(true)
    expect(isValidCheckoutQuery(new URLSearchParams('plan=pro&interval=year'))).toBe(true)
    expect(isValidCheckoutQuery(new URLSearchParams('plan=gold'))).toBe(false)
    expect(isValidCheckoutQuery(new URLSearchParams('plan=pro&interval=week'))).toBe(false)
  })
})
