import { SignJWT } from 'jose'
import * as OTPAuth from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import {
  client,
  followLink,
  fragmentParams,
  signedInUser,
  startTestBackend,
  uniqueEmail,
} from './helpers.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: 'http://localhost:5173' })
})
afterAll(() => backend?.stop())

function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >
}

describe('sign up and email confirmation', () => {
  it('requires confirmation, then signs in with the mailbox link', async () => {
    const supabase = client(backend)
    const email = uniqueEmail('signup')
    const signUp = await supabase.auth.signUp({
      email,
      password: 'a long password',
      options: { emailRedirectTo: 'http://localhost:5173/confirm', data: { full_name: 'Ada' } },
    })
    expect(signUp.error).toBeNull()
    expect(signUp.data.session).toBeNull()
    expect(signUp.data.user?.email).toBe(email)

    const early = await supabase.auth.signInWithPassword({ email, password: 'a long password' })
    expect(early.error?.code).toBe('email_not_confirmed')
    expect(early.error?.message).toBe('Email not confirmed')

    const mail = backend.mailbox.latest(email)
    expect(mail?.type).toBe('signup')
    const link = new URL(mail!.links[0]!)
    expect(link.pathname).toBe('/auth/v1/verify')
    expect(link.searchParams.get('type')).toBe('signup')

    // The same message is served over HTTP for e2e tests.
    const inbox = (await (
      await fetch(`${backend.url}/__mailbox?email=${encodeURIComponent(email)}`)
    ).json()) as {
      messages: { links: string[] }[]
    }
    expect(inbox.messages.at(-1)?.links[0]).toBe(mail!.links[0])

    const landed = await followLink(link.toString())
    expect(landed.origin + landed.pathname).toBe('http://localhost:5173/confirm')
    const fragment = fragmentParams(landed)
    expect(fragment.get('type')).toBe('signup')
    const { data, error } = await supabase.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    })
    expect(error).toBeNull()
    expect(data.user?.email_confirmed_at).toBeTruthy()
    expect(data.user?.user_metadata.full_name).toBe('Ada')

    // A used link is dead.
    const again = await followLink(link.toString())
    expect(fragmentParams(again).get('error_code')).toBe('otp_expired')

    const signIn = await client(backend).auth.signInWithPassword({
      email,
      password: 'a long password',
    })
    expect(signIn.error).toBeNull()
    const claims = decodeClaims(signIn.data.session!.access_token)
    expect(claims).toMatchObject({
      sub: signIn.data.user!.id,
      role: 'authenticated',
      aal: 'aal1',
      aud: 'authenticated',
      email,
    })
    expect(claims.session_id).toEqual(expect.any(String))
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600)
  })

  it('does not reveal that a confirmed address is registered', async () => {
    const { email } = await signedInUser(backend, 'existing')
    const again = await client(backend).auth.signUp({ email, password: 'another password' })
    expect(again.error).toBeNull()
    expect(again.data.user?.identities).toEqual([])
  })

  // supabase/auth internal/api/signup.go Signup: an unconfirmed user is not updated by another
  // sign-up with their address ("we can't be sure of their claimed identity").
  it('keeps the first password of an unconfirmed address that someone signs up with again', async () => {
    const email = uniqueEmail('pre-hijack')
    const owner = await client(backend).auth.signUp({
      email,
      password: 'the owner password',
      options: { data: { name: 'Owner' } },
    })
    expect(owner.error).toBeNull()
    // Past max_frequency, so the second sign-up is answered rather than refused with 429.
    await backend.db.transaction((tx) =>
      tx.query(
        `update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`,
        [email],
      ),
    )
    const stranger = await client(backend).auth.signUp({
      email,
      password: 'the stranger password',
      options: { data: { name: 'Stranger' } },
    })
    expect(stranger.error).toBeNull()

    // The owner confirms with the link the second sign-up sent.
    const confirmed = fragmentParams(await followLink(backend.mailbox.latestLink(email)!))
    expect(confirmed.get('access_token')).toBeTruthy()
    const asStranger = await client(backend).auth.signInWithPassword({
      email,
      password: 'the stranger password',
    })
    expect(asStranger.error?.code).toBe('invalid_credentials')
    const asOwner = await client(backend).auth.signInWithPassword({
      email,
      password: 'the owner password',
    })
    expect(asOwner.error).toBeNull()
    expect(asOwner.data.user?.user_metadata).toMatchObject({ name: 'Owner' })
  })

  // [auth.email] otp_expiry = 3600: GoTrue's isOtpExpired (internal/api/verify.go) counts from
  // when the email went out.
  it('refuses an email code once otp_expiry (an hour) has passed since it was sent', async () => {
    const fresh = await signedInUser(backend, 'otp-fresh')
    const stale = await signedInUser(backend, 'otp-stale')
    for (const user of [fresh, stale])
      expect((await client(backend).auth.signInWithOtp({ email: user.email })).error).toBeNull()
    const age = async (email: string, seconds: number) => {
      await backend.db.transaction((tx) =>
        tx.query(
          `update auth.one_time_tokens set created_at = now() - make_interval(secs => $2)
           where user_id = (select id from auth.users where email = $1)`,
          [email, seconds],
        ),
      )
    }
    await age(fresh.email, 3590)
    await age(stale.email, 3610)
    const verify = (email: string) =>
      client(backend).auth.verifyOtp({
        email,
        token: backend.mailbox.latest(email)!.otp,
        type: 'email',
      })
    expect((await verify(fresh.email)).error).toBeNull()
    expect((await verify(stale.email)).error).toMatchObject({ status: 403, code: 'otp_expired' })
  })

  it('validates email and password like GoTrue', async () => {
    const weak = await client(backend).auth.signUp({ email: uniqueEmail('weak'), password: '123' })
    expect(weak.error?.status).toBe(422)
    expect(weak.error?.code).toBe('weak_password')
    const bad = await client(backend).auth.signUp({
      email: 'not-an-email',
      password: 'long enough',
    })
    expect(bad.error?.status).toBe(400)
    expect(bad.error?.code).toBe('validation_failed')
  })

  it('answers "User already registered" when confirmation is off', async () => {
    // reset: false so that, on a shared DATABASE_URL, the suite's own backend keeps its data.
    const autoConfirm = await startTestBackend({ autoConfirm: true, reset: false })
    try {
      const email = uniqueEmail('auto')
      const first = await client(autoConfirm).auth.signUp({ email, password: 'a long password' })
      expect(first.data.session?.access_token).toBeTruthy()
      const second = await client(autoConfirm).auth.signUp({ email, password: 'a long password' })
      expect(second.error?.status).toBe(422)
      expect(second.error?.code).toBe('user_already_exists')
      expect(second.error?.message).toBe('User already registered')
    } finally {
      await autoConfirm.stop()
    }
  })
})

describe('password sign-in, refresh and sign-out', () => {
  it('refuses a wrong password and an unknown user the same way', async () => {
    const { email } = await signedInUser(backend, 'wrongpw')
    for (const attempt of [
      { email, password: 'wrong password' },
      { email: uniqueEmail('ghost'), password: 'whatever1' },
    ]) {
      const { error } = await client(backend).auth.signInWithPassword(attempt)
      expect(error?.status).toBe(400)
      expect(error?.code).toBe('invalid_credentials')
      expect(error?.message).toBe('Invalid login credentials')
    }
  })

  it('rotates refresh tokens and revokes the session when a used one comes back', async () => {
    const { supabase, session } = await signedInUser(backend, 'refresh')
    const first = await supabase.auth.refreshSession()
    expect(first.error).toBeNull()
    expect(first.data.session!.refresh_token).not.toBe(session.refresh_token)

    // The old token again: theft is assumed and the whole session family is revoked.
    const reuse = await client(backend).auth.refreshSession({
      refresh_token: session.refresh_token,
    })
    expect(reuse.error?.code).toBe('refresh_token_already_used')
    expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used')

    const child = await client(backend).auth.refreshSession({
      refresh_token: first.data.session!.refresh_token,
    })
    expect(child.error?.code).toBe('refresh_token_not_found')
    const user = await client(backend).auth.getUser(first.data.session!.access_token)
    expect(user.error?.name).toBe('AuthSessionMissingError')
  })

  it("rejects an expired access token with GoTrue's error", async () => {
    const { id } = await signedInUser(backend, 'expired')
    const past = Math.floor(Date.now() / 1000) - 120
    const expired = await new SignJWT({
      sub: id,
      role: 'authenticated',
      aud: 'authenticated',
      session_id: crypto.randomUUID(),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(past - 3600)
      .setExpirationTime(past)
      .sign(new TextEncoder().encode(backend.jwtSecret))
    const { error } = await client(backend).auth.getUser(expired)
    expect(error?.status).toBe(403)
    expect(error?.code).toBe('bad_jwt')
    expect(error?.message).toMatch(/token is expired/)

    const rest = await fetch(`${backend.url}/rest/v1/documents`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${expired}` },
    })
    expect(rest.status).toBe(401)
    expect(((await rest.json()) as { code: string }).code).toBe('PGRST303')
  })

  it('signs out locally, others and globally', async () => {
    const { email, password } = await signedInUser(backend, 'scopes')
    const devices = [client(backend), client(backend), client(backend)]
    for (const device of devices)
      expect((await device.auth.signInWithPassword({ email, password })).error).toBeNull()
    const [a, b, c] = devices as [
      ReturnType<typeof client>,
      ReturnType<typeof client>,
      ReturnType<typeof client>,
    ]
    const tokenOf = async (d: ReturnType<typeof client>) =>
      (await d.auth.getSession()).data.session!.access_token
    const tokens = await Promise.all(devices.map(tokenOf))

    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull()
    expect((await client(backend).auth.getUser(tokens[0])).error?.name).toBe(
      'AuthSessionMissingError',
    )
    expect((await client(backend).auth.getUser(tokens[1])).error).toBeNull()

    expect((await b.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect((await client(backend).auth.getUser(tokens[1])).error).toBeNull()
    expect((await client(backend).auth.getUser(tokens[2])).error?.name).toBe(
      'AuthSessionMissingError',
    )

    const d = client(backend)
    await d.auth.signInWithPassword({ email, password })
    expect((await b.auth.signOut()).error).toBeNull() // default scope: global
    expect((await client(backend).auth.getUser(await tokenOf(d))).error?.name).toBe(
      'AuthSessionMissingError',
    )
    expect((await c.auth.getSession()).data.session).not.toBeNull() // c was already signed out server-side
  })
})

// supabase/auth internal/api/user.go v2.196, UserUpdate: only an admin may send app_metadata.
describe('PUT /user', () => {
  it('refuses app_metadata from the user, and changes nothing', async () => {
    const user = await signedInUser(backend, 'app-metadata')
    const response = await fetch(`${backend.url}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${user.session.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ app_metadata: { plan: 'pro' }, data: { name: 'Ada' } }),
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({
      error_code: 'not_admin',
      msg: 'Updating app_metadata requires admin privileges',
    })
    const { data } = await user.supabase.auth.getUser()
    expect(data.user?.app_metadata).not.toHaveProperty('plan')
    expect(data.user?.user_metadata).not.toHaveProperty('name')
  })
})

describe('magic link, recovery and PKCE', () => {
  it('signs in with the six-digit code from a magic link email', async () => {
    const { email } = await signedInUser(backend, 'magic')
    const supabase = client(backend)
    expect(
      (await supabase.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error,
    ).toBeNull()
    const mail = backend.mailbox.latest(email)!
    expect(mail.type).toBe('magiclink')
    const { data, error } = await supabase.auth.verifyOtp({ email, token: mail.otp, type: 'email' })
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe(email)
    const wrong = await supabase.auth.verifyOtp({ email, token: '000000', type: 'email' })
    expect(wrong.error?.code).toBe('otp_expired')
  })

  // GoTrue checks a `magiclink` (or `recovery`) code against the recovery token only, where a magic
  // link's is kept; a sign-up confirmation is verified as `signup`, or as `email`, which checks both
  // (supabase/auth internal/api/verify.go v2.196, verifyUserAndToken and verifyTokenHash).
  it('takes a sign-up confirmation code as `email`, never as `magiclink`', async () => {
    const email = uniqueEmail('magic-new')
    const supabase = client(backend)
    expect((await supabase.auth.signInWithOtp({ email })).error).toBeNull()
    const mail = backend.mailbox.latest(email)!
    expect(mail.type).toBe('signup')
    const asMagicLink = await supabase.auth.verifyOtp({ email, token: mail.otp, type: 'magiclink' })
    expect(asMagicLink.error?.code).toBe('otp_expired')
    expect(asMagicLink.data.session).toBeNull()
    const { data, error } = await supabase.auth.verifyOtp({ email, token: mail.otp, type: 'email' })
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe(email)
  })

  // supabase/auth v2.196: RecoverParams.Validate (internal/api/recover.go) and
  // ResendConfirmationParams.Validate (internal/api/resend.go), type checked before the address.
  it('answers a reset or a resend missing what it needs in GoTrue’s words', async () => {
    const call = async (path: string, body: object) => {
      const response = await fetch(`${backend.url}/auth/v1/${path}`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: response.status, ...((await response.json()) as object) }
    }
    const refused = (msg: string) => ({ status: 400, error_code: 'validation_failed', msg })
    expect(await call('recover', {})).toMatchObject(refused('Password recovery requires an email'))
    const types = 'Missing one of these types: signup, email_change, sms, phone_change'
    expect(await call('resend', {})).toMatchObject(refused(types))
    expect(await call('resend', { type: 'magiclink', email: uniqueEmail('r') })).toMatchObject(
      refused(types),
    )
    expect(await call('resend', { type: 'signup' })).toMatchObject(
      refused('Type provided requires an email address'),
    )
    expect(await call('resend', { type: 'email_change' })).toMatchObject(
      refused('Missing email address or phone number'),
    )
  })

  it('recovers a password through the PKCE flow', async () => {
    const { email } = await signedInUser(backend, 'recover')
    const supabase = client(backend, backend.anonKey, 'pkce')
    expect(
      (
        await supabase.auth.resetPasswordForEmail(email, {
          redirectTo: 'http://localhost:5173/confirm',
        })
      ).error,
    ).toBeNull()
    const landed = await followLink(backend.mailbox.latest(email)!.links[0]!)
    const code = landed.searchParams.get('code')
    expect(code).toBeTruthy()
    const exchanged = await supabase.auth.exchangeCodeForSession(code!)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.session?.user.email).toBe(email)
    expect((await supabase.auth.updateUser({ password: 'brand new password' })).error).toBeNull()
    expect(
      (await client(backend).auth.signInWithPassword({ email, password: 'brand new password' }))
        .error,
    ).toBeNull()
    // Codes are single use.
    expect((await supabase.auth.exchangeCodeForSession(code!)).error).not.toBeNull()
  })

  it('confirms a PKCE sign-up with ?code=', async () => {
    const supabase = client(backend, backend.anonKey, 'pkce')
    const email = uniqueEmail('pkce')
    await supabase.auth.signUp({
      email,
      password: 'a long password',
      options: { emailRedirectTo: 'http://localhost:5173/confirm' },
    })
    const landed = await followLink(backend.mailbox.latest(email)!.links[0]!)
    const exchanged = await supabase.auth.exchangeCodeForSession(landed.searchParams.get('code')!)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy()
  })

  it('never redirects to a foreign origin', async () => {
    const supabase = client(backend)
    const email = uniqueEmail('redirect')
    await supabase.auth.signUp({
      email,
      password: 'a long password',
      options: { emailRedirectTo: 'https://evil.example/steal' },
    })
    const landed = await followLink(backend.mailbox.latest(email)!.links[0]!)
    expect(landed.origin).toBe('http://localhost:5173')
  })
})

describe('TOTP two-factor authentication', () => {
  it('enrols, verifies to aal2 and unenrols', async () => {
    const { supabase } = await signedInUser(backend, 'mfa')
    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' })
    expect(enrolled.error).toBeNull()
    expect(enrolled.data!.type).toBe('totp')
    expect(enrolled.data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<\?xml /)
    expect(enrolled.data!.totp.uri).toMatch(/^otpauth:\/\/totp\//)
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data!.totp.secret) })

    const factorId = enrolled.data!.id
    const challenge = await supabase.auth.mfa.challenge({ factorId })
    expect(challenge.error).toBeNull()
    const wrong = await supabase.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: '000000' === totp.generate() ? '111111' : '000000',
    })
    expect(wrong.error?.code).toBe('mfa_verification_failed')

    const verified = await supabase.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: totp.generate(),
    })
    expect(verified.error).toBeNull()
    const level = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })
    const claims = decodeClaims(verified.data!.access_token)
    expect((claims.amr as { method: string }[]).map((m) => m.method)).toEqual(['totp', 'password'])

    const factors = await supabase.auth.mfa.listFactors()
    expect(factors.data?.totp.map((f) => f.status)).toEqual(['verified'])

    // A fresh password sign-in is aal1 with aal2 available; the dashboard data waits for it.
    const { email } = (await supabase.auth.getUser()).data.user! as { email: string }
    const other = client(backend)
    await other.auth.signInWithPassword({ email, password: 'correct horse battery' })
    expect((await other.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    })
    expect((await other.auth.mfa.unenroll({ factorId })).error?.code).toBe('insufficient_aal')
    const documents = await other.from('documents').select('id')
    expect(documents.data).toEqual([])

    expect((await supabase.auth.mfa.unenroll({ factorId })).error).toBeNull()
    expect((await supabase.auth.mfa.listFactors()).data?.all).toEqual([])
  })
})
