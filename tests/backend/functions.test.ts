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

  it('answers CORS preflights', async () => {
    const response = await fetch(`${backend.url}/functions/v1/echo`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(response.headers.get('access-control-allow-headers')).toContain('apikey')
  })
})
