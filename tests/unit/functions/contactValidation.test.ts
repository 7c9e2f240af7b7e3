import { describe, expect, it } from 'vitest'
import { validateContact } from '../../../supabase/functions/contact/validate.ts'

describe('validateContact', () => {
  it('accepts a message, trimmed, and leaves other fields (the bot trap) out', () => {
    expect(
      validateContact({
        name: '  Ann  ',
        email: ' ann@example.com ',
        message: '\nHello.\n',
        website: '',
      }),
    ).toEqual({ ok: true, value: { name: 'Ann', email: 'ann@example.com', message: 'Hello.' } })
  })

  it('names the first problem of every field, in words a person can act on', () => {
    expect(validateContact({ name: '   ', email: 'ann@', message: '' })).toEqual({
      ok: false,
      errors: {
        name: 'Enter your name.',
        email: 'Enter an email address like you@example.com.',
        message: 'Write a message.',
      },
    })
  })

  it('refuses fields over their length and reads anything but text as empty', () => {
    expect(
      validateContact({ name: 'a'.repeat(201), email: 42, message: 'x'.repeat(5001) }),
    ).toEqual({
      ok: false,
      errors: {
        name: 'Use at most 200 characters for your name.',
        email: 'Enter an email address like you@example.com.',
        message: 'Keep the message under 5,000 characters.',
      },
    })
    expect(validateContact({ name: ['Ann'], email: 'ann@example.com', message: 'Hi' })).toEqual({
      ok: false,
      errors: { name: 'Enter your name.' },
    })
  })

  it('takes exactly 200 and 5,000 characters', () => {
    const result = validateContact({
      name: 'a'.repeat(200),
      email: 'ann@example.com',
      message: 'x'.repeat(5000),
    })
    expect(result.ok).toBe(true)
  })
})
