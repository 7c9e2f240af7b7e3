import { describe, expect, it } from 'vitest'
import {
  EMAIL_LINK_LIFETIME_SECONDS,
  findEmailLink,
  forgetEmailLink,
  rememberEmailLink,
} from '../../../src/features/auth/emailLinks.ts'

function memoryStorage() {
  const values = new Map<string, string>()
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  }
}

const now = 1_800_000_000

describe('email links this browser asked for', () => {
  it('finds a link by the nonce it was sent with, with the address it was sent to', () => {
    const storage = memoryStorage()
    const nonce = rememberEmailLink(storage, 'Ada@Example.com', now)
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    expect(findEmailLink(storage, nonce, now + 60)).toEqual({
      nonce,
      email: 'ada@example.com',
      startedAt: now,
    })
  })

  it('gives every request its own nonce', () => {
    const storage = memoryStorage()
    expect(rememberEmailLink(storage, 'a@example.com', now)).not.toBe(
      rememberEmailLink(storage, 'a@example.com', now),
    )
  })

  it.each([null, '', 'guessed-nonce', '__proto__'])('knows nothing of %j', (nonce) => {
    const storage = memoryStorage()
    rememberEmailLink(storage, 'a@example.com', now)
    expect(findEmailLink(storage, nonce, now)).toBeNull()
  })

  it('forgets a link once used, and links older than their lifetime', () => {
    const storage = memoryStorage()
    const used = rememberEmailLink(storage, 'a@example.com', now)
    const old = rememberEmailLink(storage, 'b@example.com', now)
    forgetEmailLink(storage, used, now)
    expect(findEmailLink(storage, used, now)).toBeNull()
    expect(findEmailLink(storage, old, now + EMAIL_LINK_LIFETIME_SECONDS + 1)).toBeNull()
  })

  it('survives storage that holds rubbish', () => {
    const storage = memoryStorage()
    storage.setItem('folio-email-links', '{not json')
    expect(findEmailLink(storage, 'x', now)).toBeNull()
    const nonce = rememberEmailLink(storage, 'a@example.com', now)
    expect(findEmailLink(storage, nonce, now)?.email).toBe('a@example.com')
  })
})
