/**
 * Each signed-in user may call the billing functions only so often (counted in the database,
 * so every function instance shares the count): a script cannot make Stripe sessions or poll
 * Stripe without bound on Folio's account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BILLING_CALL_LIMITS } from '../../supabase/functions/_shared/callLimits.ts'
import { startBillingBackend, type BillingBackend } from './billingBackend.ts'
import { serviceClient, signedInUser } from './helpers.ts'

let env: BillingBackend
beforeAll(async () => {
  env = await startBillingBackend()
})
afterAll(() => env?.stop())

const RATE_LIMITED = {
  status: 429,
  body: {
    code: 'rate_limited',
    error: 'Too many billing requests in a few minutes. Please wait a few minutes and try again.',
  },
}

/** Calls `name` as `user` until the allowance is used up; every call must be an ordinary answer. */
async function useUpAllowance(
  user: Awaited<ReturnType<typeof signedInUser>>,
  name: keyof typeof BILLING_CALL_LIMITS,
  body: object,
  expectedStatus: number,
) {
  for (let i = 0; i < BILLING_CALL_LIMITS[name].maxCalls; i += 1)
    expect((await env.invoke(user.supabase, name, body)).status).toBe(expectedStatus)
}

describe('billing functions: calls per user', () => {
  it('create-checkout-session: refuses with 429 once the allowance is used, before Stripe', async () => {
    const user = await signedInUser(env.backend, 'checkout-spam')
    await useUpAllowance(user, 'create-checkout-session', { price: 'price_nope' }, 400)
    const sessionsBefore = env.stripe.state.sessions.size
    const limited = await env.invoke(user.supabase, 'create-checkout-session', {
      price: 'price_FolioProMonthly',
    })
    expect(limited).toMatchObject(RATE_LIMITED)
    expect(env.stripe.state.sessions.size).toBe(sessionsBefore)

    // Someone else is not affected.
    const other = await signedInUser(env.backend, 'checkout-other')
    const fine = await env.invoke(other.supabase, 'create-checkout-session', {
      price: 'price_FolioProMonthly',
    })
    expect(fine.status).toBe(200)
  })

  it('checkout-session-status: polling has a ceiling too', async () => {
    const user = await signedInUser(env.backend, 'status-spam')
    await useUpAllowance(user, 'checkout-session-status', { sessionId: 'cs_test_nothing' }, 404)
    const limited = await env.invoke(user.supabase, 'checkout-session-status', {
      sessionId: 'cs_test_nothing',
    })
    expect(limited).toMatchObject(RATE_LIMITED)
  })

  it('create-portal-session: 429 with Retry-After, and calls count again after the window', async () => {
    const user = await signedInUser(env.backend, 'portal-spam')
    await useUpAllowance(user, 'create-portal-session', {}, 404)
    const { data, error } = await user.supabase.functions.invoke('create-portal-session')
    expect(data).toBeNull()
    const response = (error as { context: Response }).context
    expect(response.status).toBe(429)
    const retryAfter = Number(response.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(
      BILLING_CALL_LIMITS['create-portal-session'].windowSeconds,
    )

    // The window passes (moved back in the database rather than waited for).
    await env.backend.db.transaction((tx) =>
      tx.query(
        `update private.billing_call_counts set window_start = window_start - interval '1 day'
         where user_id = $1`,
        [user.id],
      ),
    )
    expect((await env.invoke(user.supabase, 'create-portal-session')).status).toBe(404)
  })

  it('the count cannot be read, reset or spent by clients', async () => {
    const user = await signedInUser(env.backend, 'count-owner')
    const attacker = await signedInUser(env.backend, 'count-attacker')
    // Calling the counter for the owner more often than their allowance is refused every time.
    for (let i = 0; i <= BILLING_CALL_LIMITS['create-checkout-session'].maxCalls; i += 1) {
      const burn = await attacker.supabase.rpc('count_billing_call', {
        function_name: 'create-checkout-session',
        caller: user.id,
        max_calls: 0,
        window_seconds: 600,
      })
      expect(burn.error).not.toBeNull()
    }
    const read = await attacker.supabase.schema('private').from('billing_call_counts').select('*')
    expect(read.data).toBeNull()
    // The owner still has the whole allowance.
    expect(
      (await env.invoke(user.supabase, 'create-checkout-session', { price: 'price_nope' })).status,
    ).toBe(400)
    // The service role (the functions) can count.
    const counted = await serviceClient(env.backend).rpc('count_billing_call', {
      function_name: 'create-portal-session',
      caller: user.id,
      max_calls: 1,
      window_seconds: 600,
    })
    expect(counted.error).toBeNull()
  })
})
