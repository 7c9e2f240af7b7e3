import { describe, expect, it } from 'vitest'
import { totpDigits } from '../../../src/features/auth/secondFactor.ts'

describe('totpDigits', () => {
  it('keeps the six digits of a code however it was pasted', () => {
    expect(totpDigits('123456')).toBe('123456')
    expect(totpDigits(' 123 456 ')).toBe('123456')
    expect(totpDigits('123-456\n')).toBe('123456')
    expect(totpDigits('Code: 123 456 789')).toBe('123456')
    expect(totpDigits('abc')).toBe('')
  })
})
