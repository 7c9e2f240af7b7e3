import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startBillingBackend, type BillingBackend } from '../stripe/billingBackend.ts'
import { client, serviceClient, uniqueEmail } from './helpers.ts'

let env: BillingBackend
let admin: SupabaseClient
beforeAll(async () => {
  env = await startBillingBackend()
  admin = serviceClient(env.backend)
})
afterAll(() => env?.stop())

let ipCounter = 0
const freshIp = () => `203.0.113.${(ipCounter += 1)}`

/** As the browser sends it: plain fetch with the anon key, from `ip` (the proxy's header). */
async function send(body: object, ip = freshIp()) {
  const response = await fetch(`${env.backend.url}/functions/v1/contact`, {
    method: 'POST',
    headers: {
      apikey: env.backend.anonKey,
      authorization: `Bearer ${env.backend.anonKey}`,
      'content-type': 'application/json',
      'x-forwarded-for': ip,
    },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function storedFor(email: string) {
  const { data } = await admin.from('contact_messages').select('*').eq('email', email)
  return data as Record<string, unknown>[]
}

describe('contact function', () => {
  it('stores a valid message with a hash of the sender address, not the address', async () => {
    const email = uniqueEmail('ada')
    const result = await send({ name: '  Ada ', email, message: 'Hello there' }, '198.51.100.7')
    expect(result).toEqual({ status: 201, body: { sent: true } })
    const [stored] = await storedFor(email)
    expect(stored).toMatchObject({ name: 'Ada', message: 'Hello there' })
    expect(stored?.sender_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(stored)).not.toContain('198.51.100.7')
  })

  it('also works through supabase-js with the anon key', async () => {
    const email = uniqueEmail('invoke')
    const { data, error } = await client(env.backend).functions.invoke('contact', {
      body: { name: 'Grace', email, message: 'Hi' },
    })
    expect(error).toBeNull()
    expect(data).toEqual({ sent: true })
    expect(await storedFor(email)).toHaveLength(1)
  })

  it('names every invalid field and stores nothing', async () => {
    const result = await send({ name: '', email: 'not-an-email', message: ' ' })
    expect(result).toMatchObject({
      status: 400,
      body: {
        code: 'invalid_fields',
        fields: {
          name: 'Enter your name.',
          email: 'Enter an email address like you@example.com.',
          message: 'Write a message.',
        },
      },
    })
    expect(
      (await send({ name: 'x'.repeat(201), email: 'a@b.co', message: 'm' })).body.fields,
    ).toEqual({
      name: 'Use at most 200 characters for your name.',
    })
    expect(await storedFor('not-an-email')).toHaveLength(0)
    expect((await send([] as unknown as object)).status).toBe(400)
  })

  it('quietly drops what bots put in the hidden field', async () => {
    const email = uniqueEmail('bot')
    const result = await send({
      name: 'Bot',
      email,
      message: 'Buy',
      website: 'http://spam.example',
    })
    expect(result.status).toBe(201)
    expect(await storedFor(email)).toHaveLength(0)
  })

  it('allows 3 messages per email address an hour', async () => {
    const email = uniqueEmail('chatty')
    for (let i = 0; i < 3; i += 1)
      expect((await send({ name: 'C', email, message: `#${i}` })).status).toBe(201)
    const limited = await send({ name: 'C', email: email.toUpperCase(), message: '#4' })
    expect(limited).toMatchObject({ status: 429, body: { code: 'rate_limited' } })
    expect(await storedFor(email)).toHaveLength(3)
  })

  it('allows 5 messages per network an hour, whatever the address', async () => {
    const ip = freshIp()
    for (let i = 0; i < 5; i += 1)
      expect(
        (await send({ name: 'N', email: uniqueEmail(`net${i}`), message: 'm' }, ip)).status,
      ).toBe(201)
    expect((await send({ name: 'N', email: uniqueEmail('net5'), message: 'm' }, ip)).status).toBe(
      429,
    )
    // Someone else is not affected.
    expect((await send({ name: 'N', email: uniqueEmail('net6'), message: 'm' })).status).toBe(201)
  })

  it('applies the per-address limit to direct inserts too', async () => {
    const email = uniqueEmail('direct')
    const anon = client(env.backend)
    for (let i = 0; i < 3; i += 1)
      expect(
        (await anon.from('contact_messages').insert({ name: 'D', email, message: 'm' })).error,
      ).toBeNull()
    const fourth = await anon.from('contact_messages').insert({ name: 'D', email, message: 'm' })
    expect(fourth.error?.code).toBe('PT429')
  })
})
