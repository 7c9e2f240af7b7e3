/**
 * A banned user (auth.users.banned_until in the future, as the dashboard or the admin API's
 * ban_duration sets it) is refused everywhere hosted GoTrue refuses them, not only at the
 * password form: supabase/auth internal/api/auth.go requireAuthentication (403 on /user,
 * /logout, /factors), internal/tokens/service.go RefreshTokenGrant (400, "Invalid Refresh Token:
 * User Banned") and internal/api/verify.go (403 on email links and codes). Nothing is spent by
 * the refusal: the same refresh token and code work once the ban is lifted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import { client, followLink, fragmentParams, signedInUser, startTestBackend } from './helpers.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

async function setBan(userId: string, until: string | null) {
  await backend.db.transaction((tx) =>
    tx.query(`update auth.users set banned_until = $2::timestamptz where id = $1::uuid`, [
      userId,
      until,
    ]),
  )
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()

describe('a banned user', () => {
  it('cannot use a session they already had, nor refresh it, until the ban ends', async () => {
    const user = await signedInUser(backend, 'banned-session')
    await setBan(user.id, inAnHour())

    const read = await user.supabase.auth.getUser(user.session.access_token)
    expect(read.error).toMatchObject({
      status: 403,
      code: 'user_banned',
      message: 'User is banned',
    })
    const refreshed = await client(backend).auth.refreshSession({
      refresh_token: user.session.refresh_token,
    })
    expect(refreshed.error).toMatchObject({
      status: 400,
      code: 'user_banned',
      message: 'Invalid Refresh Token: User Banned',
    })
    const signedIn = await client(backend).auth.signInWithPassword({
      email: user.email,
      password: user.password,
    })
    expect(signedIn.error).toMatchObject({ status: 400, code: 'user_banned' })

    await setBan(user.id, new Date(Date.now() - 1000).toISOString())
    expect((await user.supabase.auth.getUser(user.session.access_token)).error).toBeNull()
    const later = await client(backend).auth.refreshSession({
      refresh_token: user.session.refresh_token,
    })
    expect(later.error).toBeNull()
  })

  it('cannot sign in with an email code or link sent before the ban', async () => {
    const user = await signedInUser(backend, 'banned-link')
    expect((await client(backend).auth.signInWithOtp({ email: user.email })).error).toBeNull()
    const mail = backend.mailbox.latest(user.email)!
    await setBan(user.id, inAnHour())

    const typed = await client(backend).auth.verifyOtp({
      email: user.email,
      token: mail.otp,
      type: 'email',
    })
    expect(typed.error).toMatchObject({ status: 403, code: 'user_banned' })
    const followed = fragmentParams(await followLink(mail.links[0]!))
    expect(followed.get('error_code')).toBe('user_banned')
    expect(followed.get('access_token')).toBeNull()

    await setBan(user.id, null)
    const afterwards = await client(backend).auth.verifyOtp({
      email: user.email,
      token: mail.otp,
      type: 'email',
    })
    expect(afterwards.error).toBeNull()
  })
})
