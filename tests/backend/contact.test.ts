import { createHash } from 'node:crypto'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startBillingBackend, type BillingBackend } from './billingBackend.ts'
import { client, serviceClient, signedInUser, uniqueEmail } from './helpers.ts'
import {
  CONTACT_BUSY_HOURLY_COUNT,
  CONTACT_GLOBAL_HOURLY_CAP,
} from '../../supabase/functions/contact/limits.ts'

let env: BillingBackend
let admin: SupabaseClient
beforeAll(async () => {
  env = await startBillingBackend()
  admin = serviceClient(env.backend)
})
afterAll(() => env?.stop())

/**
 * Each "network" is its own loopback address (Linux routes all of 127.0.0.0/8 to this host), so
 * the backend sees a real, different peer for each, as the platform's proxy would.
 */
let networkCounter = 0
const freshNetwork = () =>
  `127.0.${Math.floor(networkCounter / 250) + 10}.${(networkCounter++ % 250) + 2}`

/**
 * As the browser sends it: POST with the anon key, connecting from `from`. `forwardedFor` is
 * whatever the client itself puts in X-Forwarded-For (forged left-hand entries).
 */
function send(
  body: object | string,
  { from = freshNetwork(), forwardedFor }: { from?: string; forwardedFor?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = typeof body === 'string' ? body : JSON.stringify(body)
  const url = new URL(`${env.backend.url}/functions/v1/contact`)
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        localAddress: from,
        headers: {
          apikey: env.backend.anonKey,
          authorization: `Bearer ${env.backend.anonKey}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<
              string,
              unknown
            >,
          }),
        )
      },
    )
    // The server may answer (413) before reading a huge body; that is not a failure here.
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    )
    request.end(payload)
  })
}

async function storedFor(email: string) {
  const { data } = await admin.from('contact_messages').select('*').eq('email', email)
  return data as Record<string, unknown>[]
}

describe('contact function', () => {
  it('stores a valid message with a hash of the sender address, not the address', async () => {
    const email = uniqueEmail('ada')
    const result = await send(
      { name: '  Ada ', email, message: 'Hello there' },
      { from: '127.0.0.7', forwardedFor: '198.51.100.7' },
    )
    expect(result).toEqual({ status: 201, body: { sent: true } })
    const [stored] = await storedFor(email)
    expect(stored).toMatchObject({ name: 'Ada', message: 'Hello there' })
    expect(stored?.sender_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(stored)).not.toContain('198.51.100.7')
    expect(JSON.stringify(stored)).not.toContain('127.0.0.7')
    // Nor a hash anyone who reads the table can reverse by hashing every IPv4 address.
    for (const address of ['198.51.100.7', '127.0.0.7']) {
      const guess = createHash('sha256').update(`folio-contact:${address}`).digest('hex')
      expect(stored?.sender_hash).not.toBe(guess)
    }
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
    const from = freshNetwork()
    for (let i = 0; i < 5; i += 1)
      expect(
        (await send({ name: 'N', email: uniqueEmail(`net${i}`), message: 'm' }, { from })).status,
      ).toBe(201)
    expect(
      (await send({ name: 'N', email: uniqueEmail('net5'), message: 'm' }, { from })).status,
    ).toBe(429)
    // Someone else is not affected.
    expect((await send({ name: 'N', email: uniqueEmail('net6'), message: 'm' })).status).toBe(201)
  })

  it('counts the network the platform saw, not what the client wrote in X-Forwarded-For', async () => {
    const from = freshNetwork()
    const forged = (i: number) => `10.9.${i}.1, 192.0.2.${i}`
    for (let i = 0; i < 5; i += 1) {
      const result = await send(
        { name: 'F', email: uniqueEmail(`forged${i}`), message: 'm' },
        { from, forwardedFor: forged(i) },
      )
      expect(result.status).toBe(201)
    }
    const sixth = await send(
      { name: 'F', email: uniqueEmail('forged5'), message: 'm' },
      { from, forwardedFor: forged(5) },
    )
    expect(sixth).toMatchObject({ status: 429, body: { code: 'rate_limited' } })

    // Nor can a client lock someone else out by naming their address.
    const victim = freshNetwork()
    const framed = await send(
      { name: 'V', email: uniqueEmail('victim'), message: 'm' },
      { from: victim, forwardedFor: from },
    )
    expect(framed.status).toBe(201)
  })

  it('refuses a body far larger than any message with 413 and stores nothing', async () => {
    const email = uniqueEmail('huge')
    const result = await send({ name: 'H', email, message: 'x'.repeat(1_000_000) })
    expect(result).toMatchObject({ status: 413, body: { code: 'too_large' } })
    expect(String(result.body.error)).toMatch(/5,000 characters/)
    expect(await storedFor(email)).toHaveLength(0)
    // Just over the message limit is still a field error the form can show.
    const long = await send({ name: 'H', email, message: 'x'.repeat(5001) })
    expect(long).toMatchObject({
      status: 400,
      body: { fields: { message: 'Keep the message under 5,000 characters.' } },
    })
  })

  it('accepts no direct insert into contact_messages, from visitors or signed-in users', async () => {
    const anon = client(env.backend)
    const user = await signedInUser(env.backend, 'direct')
    const email = uniqueEmail('direct')
    const victimHash = 'a'.repeat(64) // pre-filling a hash to lock a chosen network out
    const attempts = []
    for (let i = 0; i < 10; i += 1)
      for (const db of [anon, user.supabase])
        attempts.push(
          await db
            .from('contact_messages')
            .insert({ name: 'D', email, message: `#${i}`, sender_hash: i % 2 ? victimHash : null }),
        )
    expect(attempts.filter((attempt) => attempt.error === null)).toHaveLength(0)
    expect(await storedFor(email)).toHaveLength(0)
    const { count } = await admin
      .from('contact_messages')
      .select('*', { count: 'exact', head: true })
      .eq('sender_hash', victimHash)
    expect(count).toBe(0)
  })

  /**
   * Messages from everyone until the hour holds `total`, stored as the function stores them
   * (service role), each from a network and an address of its own, as a flood from many
   * networks would arrive.
   */
  async function fillHourTo(total: number) {
    const { count } = await admin
      .from('contact_messages')
      .select('*', { count: 'exact', head: true })
    const batch = Date.now()
    const filler = Array.from({ length: total - (count ?? 0) }, (_, i) => ({
      name: 'Flood',
      email: `flood-${batch}-${i}@example.com`,
      message: 'm',
      sender_hash: createHash('sha256').update(`flood-${batch}-${i}`).digest('hex'),
    }))
    expect((await admin.from('contact_messages').insert(filler)).error).toBeNull()
  }

  it("keeps a newcomer's message in a busy hour, refuses the rest, and stops at the cap", async () => {
    const regular = freshNetwork()
    const first = await send(
      { name: 'R', email: uniqueEmail('regular'), message: 'Hi' },
      { from: regular },
    )
    expect(first.status).toBe(201)

    // Twenty networks sending their five each make the hour busy: past that, a network (or an
    // address) that already wrote this hour waits ...
    await fillHourTo(CONTACT_BUSY_HOURLY_COUNT)
    const again = await send(
      { name: 'R', email: uniqueEmail('regular-again'), message: 'More' },
      { from: regular },
    )
    expect(again).toMatchObject({ status: 429, body: { code: 'rate_limited' } })
    expect(String(again.body.error)).toMatch(/unusual number of messages/)

    // ... while someone writing for the first time this hour is still heard.
    const newcomer = uniqueEmail('newcomer')
    expect((await send({ name: 'N', email: newcomer, message: 'Hello' })).status).toBe(201)
    expect(await storedFor(newcomer)).toHaveLength(1)

    // At the cap nothing more is kept, however many networks send: the inbox stays bounded.
    await fillHourTo(CONTACT_GLOBAL_HOURLY_CAP)
    const late = uniqueEmail('late')
    const refused = await send({ name: 'L', email: late, message: 'Hello' })
    expect(refused).toMatchObject({ status: 429, body: { code: 'rate_limited' } })
    expect(await storedFor(late)).toHaveLength(0)

    // As the hour passes (old messages leave the window), the form works again.
    await admin.from('contact_messages').delete().like('email', 'flood-%@example.com')
    expect((await send({ name: 'L', email: late, message: 'Hello' })).status).toBe(201)
  })
})

describe("the site's functions in a browser", () => {
  // The platform passes a preflight to the function (see scripts/local/supabase/functions/router.ts),
  // so each function the site calls must answer it for the headers the site sends: supabase-js's
  // invoke() and the contact form's fetch.
  it.each([
    'contact',
    'create-checkout-session',
    'checkout-session-status',
    'create-portal-session',
  ])('%s answers the preflight for the headers the site sends', async (name) => {
    const response = await fetch(`${env.backend.url}/functions/v1/${name}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,x-client-info,apikey,content-type',
      },
    })
    expect(response.ok).toBe(true)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    const allowed = (response.headers.get('access-control-allow-headers') ?? '')
      .split(',')
      .map((header) => header.trim().toLowerCase())
    expect(allowed).toEqual(
      expect.arrayContaining(['authorization', 'x-client-info', 'apikey', 'content-type']),
    )
  })
})
