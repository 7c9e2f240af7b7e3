import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import {
  client,
  makePro,
  serviceClient,
  signedInUser,
  startTestBackend,
  uniqueEmail,
} from './helpers.ts'

/** Every request of these tests comes from one address, as one browser's or one attacker's. */
const ONE_VISITOR = '198.18.255.1'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

describe('under load', () => {
  // Hosted's /token takes a burst of 30 per address (token_refresh; authRateLimits.test.ts), and
  // every local caller is one address: 30 sign-ins at once all complete, the rest are refused.
  it('completes the 30 concurrent sign-ins one address may make, and refuses the rest', async () => {
    // Its own backend, so the other tests here start with a full bucket.
    const own = await startTestBackend()
    onTestFinished(() => own.stop())
    const admin = serviceClient(own)
    const users = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const email = uniqueEmail(`load${i}`)
        const { error } = await admin.auth.admin.createUser({
          email,
          password: 'load test password',
          email_confirm: true,
        })
        if (error) throw error
        return email
      }),
    )
    const results = await Promise.all(
      users.map((email) =>
        client(own, own.anonKey, 'implicit', ONE_VISITOR).auth.signInWithPassword({
          email,
          password: 'load test password',
        }),
      ),
    )
    const completed = results.filter((r) => !r.error)
    const refused = results.filter((r) => r.error)
    expect(completed.length).toBeGreaterThanOrEqual(30)
    expect(refused.length).toBeGreaterThanOrEqual(15)
    expect(refused.map((r) => r.error?.code)).toEqual(refused.map(() => 'over_request_rate_limit'))
    expect(new Set(completed.map((r) => r.data.session!.access_token)).size).toBe(completed.length)
  })

  it('completes 200 concurrent document writes with nothing lost', async () => {
    const user = await signedInUser(backend, 'writer')
    await makePro(backend, user.id)
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        user.supabase.from('documents').insert({ title: `Doc ${i}`, body: `body ${i}` }),
      ),
    )
    expect(results.filter((r) => r.error).map((r) => r.error?.message)).toEqual([])
    const { data, count } = await user.supabase
      .from('documents')
      .select('title', { count: 'exact' })
      .limit(1000)
    expect(count).toBe(200)
    expect(new Set(data!.map((d) => d.title)).size).toBe(200)
  })

  it('lets exactly 3 of 10 concurrent inserts of a Free user through', async () => {
    const user = await signedInUser(backend, 'racer')
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        user.supabase.from('documents').insert({ title: `Race ${i}` }),
      ),
    )
    expect(results.filter((r) => !r.error)).toHaveLength(3)
    expect(results.filter((r) => r.error?.code === 'FL001')).toHaveLength(7)
  })

  it('loses no update when 20 edits of one document race', async () => {
    const user = await signedInUser(backend, 'editor')
    const doc = (
      await user.supabase.from('documents').insert({ title: 'race' }).select('id').single()
    ).data as { id: string }
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        user.supabase
          .from('documents')
          .update({ body: `edit ${i}` })
          .eq('id', doc.id),
      ),
    )
    expect(results.filter((r) => r.error)).toEqual([])
    const final = await user.supabase.from('documents').select('version').eq('id', doc.id).single()
    expect(final.data).toEqual({ version: 21 })
  })
})
