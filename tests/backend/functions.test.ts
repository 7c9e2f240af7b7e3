import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import { client, signedInUser, startTestBackend } from './helpers.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

describe('/functions/v1', () => {
  it('runs handler.ts with a standard Request and the Supabase env', async () => {
    const user = await signedInUser(backend, 'fn')
    const { data, error } = await user.supabase.functions.invoke('echo', {
      body: { hello: 'world' },
    })
    expect(error).toBeNull()
    expect(data).toEqual({
      method: 'POST',
      path: '/functions/v1/echo',
      authorization: true,
      body: JSON.stringify({ hello: 'world' }),
      supabaseUrl: backend.url,
    })
  })

  it('answers 404 for unknown functions and 401 without a valid JWT', async () => {
    const missing = await client(backend).functions.invoke('nope')
    expect((missing.error as { context?: Response }).context?.status).toBe(404)
    const noJwt = await fetch(`${backend.url}/functions/v1/echo`, { method: 'POST' })
    expect(noJwt.status).toBe(401)
    const traversal = await fetch(`${backend.url}/functions/v1/..%2Fecho`, {
      headers: { apikey: backend.anonKey },
    })
    expect(traversal.status).toBe(404)
  })

  it('leaves CORS to the function, as the platform does: the preflight reaches it without a JWT', async () => {
    // The browser's preflight carries no Authorization and no apikey; the platform hands it to the
    // function, which must answer it itself. The echo fixture answers no CORS at all, so a
    // browser would be refused in production: the stand-in must not paper over that.
    const preflight = await fetch(`${backend.url}/functions/v1/echo`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
      },
    })
    expect(preflight.status).toBe(200)
    expect(await preflight.json()).toMatchObject({ method: 'OPTIONS', authorization: false })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull()

    const user = await signedInUser(backend, 'fn-cors')
    const post = await fetch(`${backend.url}/functions/v1/echo`, {
      method: 'POST',
      headers: {
        origin: 'http://localhost:5173',
        apikey: backend.anonKey,
        authorization: `Bearer ${user.session.access_token}`,
      },
      body: '{}',
    })
    expect(post.status).toBe(200)
    expect(post.headers.get('access-control-allow-origin')).toBeNull()
  })

  // The platform's check is jose's jwtVerify with the project's secret and nothing more
  // (supabase/cli internal/functions/serve/templates/main.ts, verifyHybridJWT): expired or
  // unsigned tokens are 401 "Invalid JWT"; the anon key, or a token for another audience, pass.
  it('checks a JWT as the platform does: signature and expiry, not audience or role', async () => {
    const secret = new TextEncoder().encode(backend.jwtSecret)
    const now = Math.floor(Date.now() / 1000)
    const signed = (claims: Record<string, unknown>, exp: number) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp).sign(secret)
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ role: 'service_role', exp: now + 600 }),
    ).toString('base64url')}.`
    const call = (token: string) =>
      fetch(`${backend.url}/functions/v1/echo`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, authorization: `Bearer ${token}` },
        body: '{}',
      })
    for (const refused of [await signed({ role: 'authenticated' }, now - 10), unsigned]) {
      const response = await call(refused)
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ message: 'Invalid JWT' })
    }
    expect((await call(backend.anonKey)).status).toBe(200)
    expect(
      (await call(await signed({ role: 'authenticated', aud: 'elsewhere' }, now + 600))).status,
    ).toBe(200)
  })

  it('still checks the JWT of every other method', async () => {
    const noJwt = await fetch(`${backend.url}/functions/v1/echo`, {
      method: 'DELETE',
      headers: { origin: 'http://localhost:5173' },
    })
    expect(noJwt.status).toBe(401)
  })
})
