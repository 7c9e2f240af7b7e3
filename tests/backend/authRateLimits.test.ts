/**
 * `[auth.rate_limit]` in supabase/config.toml, as hosted GoTrue applies it (supabase/auth
 * internal/api/apilimiter/apilimiter.go New; internal/api/api.go; internal/api/token.go Token;
 * internal/api/mail.go sendEmail). Every local caller is one address (127.0.0.1), as one
 * browser or one attacker is on hosted. A fresh backend per test, so each starts with full
 * buckets.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import { client, configWith, serviceClient, startTestBackend, uniqueEmail } from './helpers.ts'

/** Every request of these tests comes from one address, as one browser's or one attacker's. */
const ONE_VISITOR = '198.18.255.1'
const sameVisitor = () => client(backend, backend.anonKey, 'implicit', ONE_VISITOR)

let backend: Backend
beforeEach(async () => {
  backend = await startTestBackend()
})
afterEach(() => backend?.stop())

const at = <T>(count: number, run: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => run(i)))

async function confirmedUser(label: string) {
  const email = uniqueEmail(label)
  const password = 'correct horse battery'
  const { error } = await serviceClient(backend).auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  })
  if (error) throw error
  return { email, password }
}

describe('auth rate limits from config.toml', () => {
  it('token_refresh: /token takes a burst of 30 from one address, sign-ins and refreshes alike', async () => {
    const user = await confirmedUser('token-burst')
    const first = await sameVisitor().auth.signInWithPassword(user)
    expect(first.error).toBeNull()

    // Refreshes with tokens that do not exist are answered at once, so the bucket barely
    // refills (half a request a second) while they run.
    const results = await at(35, (i) =>
      sameVisitor().auth.refreshSession({
        refresh_token: `no-such-token-${i}`,
      }),
    )
    const limited = results.filter((r) => r.error?.code === 'over_request_rate_limit')
    expect(results.length - limited.length).toBeLessThanOrEqual(30)
    expect(limited.length).toBeGreaterThanOrEqual(5)
    expect(limited[0]!.error).toMatchObject({ status: 429, message: 'Request rate limit reached' })

    const refresh = await sameVisitor().auth.refreshSession({
      refresh_token: first.data.session!.refresh_token,
    })
    expect(refresh.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    const signIn = await sameVisitor().auth.signInWithPassword(user)
    expect(signIn.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
  })

  it('a budget is per caller: the first X-Forwarded-For address, or the machine without one', async () => {
    const user = await confirmedUser('per-caller')
    const signInFrom = (address?: string) =>
      fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          'content-type': 'application/json',
          ...(address ? { 'x-forwarded-for': address } : {}),
        },
        body: JSON.stringify(user),
      }).then((response) => response.status)
    const first = await Promise.all(Array.from({ length: 32 }, () => signInFrom('198.18.0.1')))
    expect(first.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1)
    // The same address first in a longer chain is the same caller; another is not.
    expect(await signInFrom('198.18.0.1, 10.0.0.9')).toBe(429)
    expect(await signInFrom('198.18.0.2')).toBe(200)
    expect(await signInFrom()).toBe(200)
  })

  it('sign_in_sign_ups: 30 at once per route (recovery here), the other routes keep theirs', async () => {
    const recover = (i: number) =>
      sameVisitor().auth.resetPasswordForEmail(uniqueEmail(`nobody-${i}`))
    const results = await at(35, recover)
    expect(results.filter((r) => !r.error)).toHaveLength(30)
    const limited = results.filter((r) => r.error)
    expect(limited).toHaveLength(5)
    expect(limited[0]!.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })

    const signUp = await sameVisitor().auth.signUp({
      email: uniqueEmail('own-bucket'),
      password: 'a-long-enough-password',
    })
    expect(signUp.error).toBeNull()
  })

  it('email_sent: 30 emails an hour for the whole project, then 429 and nothing sent', async () => {
    await backend.stop()
    backend = await startTestBackend({
      configFile: await configWith([/^email_sent = \d+$/m, 'email_sent = 30']),
    })
    const signUps = await at(20, (i) =>
      sameVisitor().auth.signUp({
        email: uniqueEmail(`mail-${i}`),
        password: 'a-long-enough-password',
      }),
    )
    expect(signUps.filter((r) => r.error)).toEqual([])
    const links = await at(10, (i) =>
      sameVisitor().auth.signInWithOtp({
        email: uniqueEmail(`link-${i}`),
      }),
    )
    expect(links.filter((r) => r.error)).toEqual([])
    expect(backend.mailbox.list()).toHaveLength(30)

    const late = uniqueEmail('thirty-first')
    const refused = await sameVisitor().auth.signInWithOtp({ email: late })
    expect(refused.error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'email rate limit exceeded',
    })
    expect(backend.mailbox.list(late)).toEqual([])
    const { data } = await serviceClient(backend).auth.admin.listUsers({ perPage: 1000 })
    expect(data?.users?.some((u) => u.email === late) ?? false).toBe(false)

    // A notice spends the same budget, but a spent one only leaves it unsent: the new password
    // stands, as GoTrue logs the 429 and goes on.
    const owner = await confirmedUser('notice-after-cap')
    const signedIn = sameVisitor()
    expect((await signedIn.auth.signInWithPassword(owner)).error).toBeNull()
    expect((await signedIn.auth.updateUser({ password: 'another long password' })).error).toBeNull()
    expect(backend.mailbox.list(owner.email)).toEqual([])
    const again = await sameVisitor().auth.signInWithPassword({
      email: owner.email,
      password: 'another long password',
    })
    expect(again.error).toBeNull()
  })
})
