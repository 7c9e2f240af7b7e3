import { describe, expect, it } from 'vitest'
import { isPlanLimitError } from '../../../src/features/workspace/planLimits.ts'

describe('isPlanLimitError', () => {
  it("recognises the database's plan-limit SQLSTATE, whatever the message says", () => {
    expect(isPlanLimitError({ code: 'FL001', message: 'Free plan limit reached' })).toBe(true)
    expect(isPlanLimitError({ code: 'FL001', message: 'Le plan gratuit est plein' })).toBe(true)
  })

  it('does not take another raised error for the limit because of its wording', () => {
    expect(isPlanLimitError({ code: 'P0001', message: 'Free plan limit reached: …' })).toBe(false)
    expect(isPlanLimitError({ code: '42501', message: 'Free plan limit' })).toBe(false)
    expect(isPlanLimitError(null)).toBe(false)
  })
})
