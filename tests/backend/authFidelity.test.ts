/**
 * The local Auth stand-in is never more permissive than hosted GoTrue: two-factor rules,
 * attempt limits, who may call it from a browser, and the settings in supabase/config.toml.
 * Each test plays the attacker (or the careless user) the rule is there for.
 */
import * as OTPAuth from 'otpauth'
import QRCode from 'qrcode'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import {
  client,
  configWith,
  enrolTotp,
  followLink,
  fragmentParams,
  freshTotpCode,
  makePro,
  serviceClient,
  signedInUser,
  startTestBackend,
  uniqueEmail,
} from './helpers.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

const SITE = 'http://localhost:5173'
const EVIL = 'https://evil.example'

function authFetch(pathAndQuery: string, init: RequestInit = {}) {
  return fetch(`${backend.url}/auth/v1${pathAndQuery}`, {
    ...init,
    headers: { apikey: backend.anonKey, 'content-type': 'application/json', ...init.headers },
  })
}

describe('two-factor rules (GoTrue internal/api/mfa.go)', () => {
  it('a password-only (aal1) session cannot add a factor next to the owner’s, nor remove it', async () => {
    const owner = await signedInUser(backend, 'mfa-owner')
    const { factorId } = await enrolTotp(owner.supabase)

    // The thief knows the password only.
    const thief = client(backend)
    await thief.auth.signInWithPassword({ email: owner.email, password: owner.password })
    const enrolled = await thief.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'mine' })
    expect(enrolled.error).toMatchObject({ status: 403, code: 'insufficient_aal' })
    expect(enrolled.error?.message).toBe('AAL2 required to enroll a new factor')
    const removed = await thief.auth.mfa.unenroll({ factorId })
    expect(removed.error).toMatchObject({ status: 422, code: 'insufficient_aal' })

    const factors = await owner.supabase.auth.mfa.listFactors()
    expect(factors.data?.all.map((f) => [f.id, f.status])).toEqual([[factorId, 'verified']])
  })

  it('turning two-factor on ends the account’s other password-only sessions', async () => {
    const owner = await signedInUser(backend, 'mfa-sessions')
    const elsewhere = client(backend)
    await elsewhere.auth.signInWithPassword({ email: owner.email, password: owner.password })
    const before = (await elsewhere.auth.getSession()).data.session!
    await enrolTotp(owner.supabase)

    const refreshed = await elsewhere.auth.refreshSession({ refresh_token: before.refresh_token })
    expect(refreshed.error?.code).toBe('refresh_token_not_found')
    expect((await owner.supabase.auth.getUser()).error).toBeNull()
  })

  it('accepts a TOTP code once: the same code on a new challenge is refused', async () => {
    const owner = await signedInUser(backend, 'mfa-replay')
    const { factorId, secret } = await enrolTotp(owner.supabase)

    const signIn = async () => {
      const session = client(backend)
      await session.auth.signInWithPassword({ email: owner.email, password: owner.password })
      return session
    }
    const first = await signIn()
    const code = await freshTotpCode(secret)
    expect((await first.auth.mfa.challengeAndVerify({ factorId, code })).error).toBeNull()

    // Someone who saw the code over the owner's shoulder tries it within its 30 seconds.
    const replay = await signIn()
    const replayed = await replay.auth.mfa.challengeAndVerify({ factorId, code })
    expect(replayed.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' })
    expect((await replay.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1')
    // The next code the app shows works.
    const next = await replay.auth.mfa.challengeAndVerify({
      factorId,
      code: await freshTotpCode(secret),
    })
    expect(next.error).toBeNull()
    // Three codes in a row: the third waits for the clock's next 30-second step.
  }, 90_000)

  it('answers a spent challenge and an unknown one as GoTrue does', async () => {
    const owner = await signedInUser(backend, 'mfa-challenge')
    const { factorId, secret } = await enrolTotp(owner.supabase)
    const challenge = await owner.supabase.auth.mfa.challenge({ factorId })
    const code = await freshTotpCode(secret)
    const challengeId = challenge.data!.id
    expect((await owner.supabase.auth.mfa.verify({ factorId, challengeId, code })).error).toBeNull()
    // GoTrue looks at the challenge before the code, so any code gets these answers.
    const again = await owner.supabase.auth.mfa.verify({ factorId, challengeId, code: '123456' })
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' })
    const unknown = await owner.supabase.auth.mfa.verify({
      factorId,
      challengeId: crypto.randomUUID(),
      code: '123456',
    })
    expect(unknown.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' })
  })

  // GoTrue validateFactors: a name already used is refused, then at most max_enrolled_factors (10
  // in config.toml) factors, unverified ones counted; an unverified factor older than
  // FactorExpiryDuration (300 s) is dropped first (models.DeleteExpiredFactors).
  it('counts unfinished enrolments against max_enrolled_factors until they expire', async () => {
    const owner = await signedInUser(backend, 'mfa-limit')
    const enrol = (friendlyName: string) =>
      owner.supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName })
    for (let n = 1; n <= 10; n++) expect((await enrol(`phone ${n}`)).error).toBeNull()
    expect((await enrol('phone 1')).error).toMatchObject({
      status: 422,
      code: 'mfa_factor_name_conflict',
    })
    expect((await enrol('phone 11')).error).toMatchObject({
      status: 422,
      code: 'too_many_enrolled_mfa_factors',
    })
    await backend.db.transaction((tx) =>
      tx.query(
        `update auth.mfa_factors set created_at = now() - interval '301 seconds'
         where user_id = $1::uuid and friendly_name = 'phone 1'`,
        [owner.id],
      ),
    )
    expect((await enrol('phone 11')).error).toBeNull()
  })

  it('changing the password or email from an aal1 session of a two-factor user is refused', async () => {
    const owner = await signedInUser(backend, 'mfa-update')
    await enrolTotp(owner.supabase)
    const thief = client(backend)
    await thief.auth.signInWithPassword({ email: owner.email, password: owner.password })
    const changed = await thief.auth.updateUser({ password: 'the thief’s password' })
    expect(changed.error).toMatchObject({ status: 401, code: 'insufficient_aal' })
    const moved = await thief.auth.updateUser({ email: uniqueEmail('thief') })
    expect(moved.error).toMatchObject({ status: 401, code: 'insufficient_aal' })
  })
})

describe('a changed password (GoTrue internal/models/user.go, User.UpdatePassword)', () => {
  it("ends the account's other sessions: their refresh tokens and their data access", async () => {
    const owner = await signedInUser(backend, 'password-owner')
    // Someone else signed in with the leaked password.
    const intruder = client(backend)
    await intruder.auth.signInWithPassword({ email: owner.email, password: owner.password })
    const stolen = (await intruder.auth.getSession()).data.session!

    // The owner notices and changes the password on the account page.
    const changed = await owner.supabase.auth.updateUser({ password: 'a brand new password' })
    expect(changed.error).toBeNull()
    expect((await owner.supabase.auth.getUser()).error).toBeNull()

    const refreshed = await client(backend).auth.refreshSession({
      refresh_token: stolen.refresh_token,
    })
    expect(refreshed.error?.code).toBe('refresh_token_not_found')
    expect((await intruder.from('profiles').select('id')).data).toEqual([])
  })

  it('voids an email change the intruder started before it', async () => {
    const owner = await signedInUser(backend, 'password-email')
    const intruder = client(backend)
    await intruder.auth.signInWithPassword({ email: owner.email, password: owner.password })
    const intrudersAddress = uniqueEmail('intruder-inbox')
    expect((await intruder.auth.updateUser({ email: intrudersAddress })).error).toBeNull()
    const mail = backend.mailbox.latest(intrudersAddress)!
    expect(mail.type).toBe('email_change')

    const changed = await owner.supabase.auth.updateUser({ password: 'another new password' })
    expect(changed.error).toBeNull()

    const confirmed = await client(backend).auth.verifyOtp({
      email: intrudersAddress,
      token: mail.otp,
      type: 'email_change',
    })
    expect(confirmed.error?.code).toBe('otp_expired')
    expect((await owner.supabase.auth.getUser()).data.user?.email).toBe(owner.email)
  })
})

/**
 * `[auth.email] double_confirm_changes = true`, hosted's default (GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED).
 * supabase/auth internal/api/mail.go sendEmailChange mails a link and code to the current
 * address and to the new one; internal/api/verify.go emailChangeVerify lets the first of the two
 * only set email_change_confirm_status to 1 and answers with singleConfirmationAccepted (a GET
 * link redirects with it as `message` in the fragment, POST /verify answers 200
 * `{ msg, code: "200" }`); the second makes the change.
 */
describe('an email change needs both addresses (GoTrue emailChangeVerify, sendEmailChange)', () => {
  const HALFWAY =
    'Confirmation link accepted. Please proceed to confirm link sent to the other email'
  const admin = () => serviceClient(backend)
  const emailOf = async (id: string) => (await admin().auth.admin.getUserById(id)).data.user?.email

  it('a stolen session moves nothing by confirming the new address alone; the owner is told', async () => {
    const owner = await signedInUser(backend, 'change-owner')
    // Someone holding the owner's session (a stolen token, an unattended laptop).
    const thief = client(backend)
    await thief.auth.setSession(owner.session)
    const thiefsAddress = uniqueEmail('change-thief')
    const moved = await thief.auth.updateUser(
      { email: thiefsAddress },
      { emailRedirectTo: `${SITE}/confirm` },
    )
    expect(moved.error).toBeNull()

    const toOwner = backend.mailbox.latest(owner.email)
    expect(toOwner?.type).toBe('email_change')
    expect(toOwner?.text).toContain(thiefsAddress)
    const toThief = backend.mailbox.latest(thiefsAddress)!
    expect(toThief.type).toBe('email_change')

    const landed = await followLink(toThief.links[0]!)
    expect(`${landed.origin}${landed.pathname}`).toBe(`${SITE}/confirm`)
    const fragment = fragmentParams(landed)
    expect(fragment.get('message')).toBe(HALFWAY)
    expect(fragment.has('access_token')).toBe(false)
    expect(landed.searchParams.has('code')).toBe(false)
    expect(await emailOf(owner.id)).toBe(owner.email)

    // The link cannot be used twice to stand in for the owner's.
    const again = await followLink(toThief.links[0]!)
    expect(fragmentParams(again).get('error_code')).toBe('otp_expired')
    // Nor can the thief's own code.
    const code = await client(backend).auth.verifyOtp({
      email: thiefsAddress,
      token: toThief.otp,
      type: 'email_change',
    })
    expect(code.error?.code).toBe('otp_expired')
    expect(await emailOf(owner.id)).toBe(owner.email)
    // A reset asked for at the thief's address reaches no account.
    await client(backend).auth.resetPasswordForEmail(thiefsAddress)
    expect(backend.mailbox.list(thiefsAddress).map((m) => m.type)).toEqual(['email_change'])
  })

  it('after both links the address is the new one; the second link signs in as GoTrue does', async () => {
    const owner = await signedInUser(backend, 'change-links')
    const newAddress = uniqueEmail('change-links-new')
    const changed = await owner.supabase.auth.updateUser(
      { email: newAddress },
      { emailRedirectTo: `${SITE}/confirm` },
    )
    expect(changed.error).toBeNull()
    expect(changed.data.user?.new_email).toBe(newAddress)

    const first = await followLink(backend.mailbox.latest(newAddress)!.links[0]!)
    expect(fragmentParams(first).get('message')).toBe(HALFWAY)
    expect(await emailOf(owner.id)).toBe(owner.email)

    const second = await followLink(backend.mailbox.latest(owner.email)!.links[0]!)
    const fragment = fragmentParams(second)
    expect(fragment.get('type')).toBe('email_change')
    expect(fragment.get('access_token')).toBeTruthy()
    expect(await emailOf(owner.id)).toBe(newAddress)
    const signedIn = await client(backend).auth.signInWithPassword({
      email: newAddress,
      password: owner.password,
    })
    expect(signedIn.error).toBeNull()
  })

  it('by code: each address with its own code, either first; the first answer is 200 with GoTrue’s words', async () => {
    const owner = await signedInUser(backend, 'change-codes')
    const newAddress = uniqueEmail('change-codes-new')
    expect((await owner.supabase.auth.updateUser({ email: newAddress })).error).toBeNull()
    const currentCode = backend.mailbox.latest(owner.email)!.otp
    const newCode = backend.mailbox.latest(newAddress)!.otp

    // A code is good only with the address it was sent to.
    const crossed = await authFetch('/verify', {
      method: 'POST',
      body: JSON.stringify({ type: 'email_change', email: newAddress, token: currentCode }),
    })
    expect(crossed.status).toBe(403)

    const first = await authFetch('/verify', {
      method: 'POST',
      body: JSON.stringify({ type: 'email_change', email: owner.email, token: currentCode }),
    })
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ msg: HALFWAY, code: '200' })
    expect(await emailOf(owner.id)).toBe(owner.email)

    const second = await client(backend).auth.verifyOtp({
      email: newAddress,
      token: newCode,
      type: 'email_change',
    })
    expect(second.error).toBeNull()
    expect(second.data.session?.user.email).toBe(newAddress)
    expect(await emailOf(owner.id)).toBe(newAddress)
  })

  it('with PKCE the first link carries the message in the query too, and no code; the second a code', async () => {
    const owner = await signedInUser(backend, 'change-pkce')
    const supabase = client(backend, backend.anonKey, 'pkce')
    await supabase.auth.signInWithPassword({ email: owner.email, password: owner.password })
    const newAddress = uniqueEmail('change-pkce-new')
    const changed = await supabase.auth.updateUser(
      { email: newAddress },
      { emailRedirectTo: `${SITE}/confirm` },
    )
    expect(changed.error).toBeNull()

    const first = await followLink(backend.mailbox.latest(owner.email)!.links[0]!)
    expect(first.searchParams.get('message')).toBe(HALFWAY)
    expect(first.searchParams.has('code')).toBe(false)
    expect(fragmentParams(first).get('message')).toBe(HALFWAY)

    expect(await emailOf(owner.id)).toBe(owner.email)

    // The second link hands back a code. (supabase-js itself cannot spend it: updateUser saves
    // the session, and saving a session drops the code verifier it had just kept.)
    const second = await followLink(backend.mailbox.latest(newAddress)!.links[0]!)
    expect(second.searchParams.get('code')).toBeTruthy()
    expect(second.searchParams.has('message')).toBe(false)
    expect(await emailOf(owner.id)).toBe(newAddress)
  })
})

describe('the enrolment QR code (GoTrue enrollTOTPFactor)', () => {
  it('is hosted’s raw SVG, safe in an unencoded data URL, and encodes the otpauth URI', async () => {
    const { supabase } = await signedInUser(backend, 'mfa-qr')
    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'qr' })
    const { qr_code: qrCode, uri } = enrolled.data!.totp
    // supabase-js prefixes the markup; a '#' anywhere would cut the image off in the browser.
    expect(qrCode).toMatch(/^data:image\/svg\+xml;utf-8,<\?xml version="1\.0"\?>/)
    expect(qrCode).not.toContain('#')

    const modules = QRCode.create(uri, { errorCorrectionLevel: 'H' }).modules
    const drawn = new Map<string, boolean>()
    for (const [, x, y, fill] of qrCode.matchAll(
      /<rect x="(\d+)" y="(\d+)" width="3" height="3" style="fill:(black|white);stroke:none" \/>/g,
    ))
      drawn.set(`${(Number(y) - 12) / 3},${(Number(x) - 12) / 3}`, fill === 'black')
    expect(drawn.size).toBe(modules.size * modules.size)
    for (let row = 0; row < modules.size; row++)
      for (let column = 0; column < modules.size; column++)
        expect(drawn.get(`${row},${column}`)).toBe(Boolean(modules.get(row, column)))
    const parsed = OTPAuth.URI.parse(uri) as OTPAuth.TOTP
    expect(parsed.secret.base32).toBe(enrolled.data!.totp.secret)
  })
})

describe('who may call the local backend from a browser', () => {
  it('names only the site in CORS answers; a foreign origin is refused outright', async () => {
    const fromSite = await fetch(`${backend.url}/rest/v1/documents`, {
      method: 'OPTIONS',
      headers: { origin: SITE, 'access-control-request-method': 'GET' },
    })
    expect(fromSite.status).toBe(204)
    expect(fromSite.headers.get('access-control-allow-origin')).toBe(SITE)

    const preflight = await fetch(`${backend.url}/rest/v1/documents`, {
      method: 'OPTIONS',
      headers: { origin: EVIL, 'access-control-request-method': 'GET' },
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()

    // A "simple" request needs no preflight: it must be refused, not just left unreadable.
    const blind = await fetch(`${backend.url}/rest/v1/documents?apikey=${backend.serviceRoleKey}`, {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'text/plain' },
      body: '{"title":"planted"}',
    })
    expect(blind.status).toBe(403)
    expect(blind.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('keeps the mailbox and the admin API away from other sites', async () => {
    const email = uniqueEmail('mailbox')
    await client(backend).auth.signInWithOtp({ email })
    const mailbox = `${backend.url}/__mailbox?email=${encodeURIComponent(email)}`
    expect((await fetch(mailbox)).status).toBe(200)
    const typedIn = await fetch(mailbox, { headers: { 'sec-fetch-site': 'none' } })
    expect(typedIn.status).toBe(200)

    const embedded = await fetch(mailbox, { headers: { 'sec-fetch-site': 'cross-site' } })
    expect(embedded.status).toBe(403)
    expect(await embedded.text()).not.toContain('token')
    const fetched = await fetch(mailbox, { headers: { origin: EVIL } })
    expect(fetched.status).toBe(403)

    const admin = await fetch(`${backend.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {
        apikey: backend.serviceRoleKey,
        authorization: `Bearer ${backend.serviceRoleKey}`,
        'sec-fetch-site': 'cross-site',
        'content-type': 'text/plain',
      },
      body: JSON.stringify({ email: uniqueEmail('planted'), password: 'a long password' }),
    })
    expect(admin.status).toBe(403)

    // Nor may another site mark passwords as breached (it could only make sign-ups fail).
    const breached = await fetch(`${backend.url}/__breaches`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
      body: JSON.stringify({ password: 'a long password' }),
    })
    expect(breached.status).toBe(403)
  })

  it('refuses a page that reaches it through DNS rebinding (a foreign Host)', async () => {
    const url = new URL(`${backend.url}/auth/v1/health`)
    const rebound = await new Promise<number>((resolve, reject) => {
      // fetch() will not send a made-up Host header; a raw request can.
      import('node:http')
        .then(({ request }) =>
          request(
            {
              host: url.hostname,
              port: url.port,
              path: url.pathname,
              headers: { host: `evil.example:${url.port}` },
            },
            (response) => resolve(response.statusCode ?? 0),
          )
            .on('error', reject)
            .end(),
        )
        .catch(reject)
    })
    expect(rebound).toBe(403)
  })

  it('refuses realtime connections from other origins', async () => {
    const socketUrl = `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=1.0.0`
    const outcome = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(socketUrl, { origin })
        socket.on('open', () => {
          socket.close()
          resolve('open')
        })
        socket.on('unexpected-response', (_req, res) => resolve(`refused ${res.statusCode}`))
        socket.on('error', () => resolve('error'))
      })
    expect(await outcome(SITE)).toBe('open')
    expect(await outcome(EVIL)).toBe('refused 403')
  })

  it('does not hand a crashed function’s error text to the caller', async () => {
    const response = await fetch(`${backend.url}/functions/v1/fail`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}` },
    })
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(text).not.toContain('hunter2')
    expect(text).not.toContain('ECONNREFUSED')
  })

  it('will not listen beyond loopback with the public development secret', async () => {
    await expect(startTestBackend({ host: '0.0.0.0', reset: false })).rejects.toThrow(
      /FOLIO_JWT_SECRET/,
    )
  })
})

describe('emails, as supabase/config.toml writes them (hosted GoTrue templatemailer)', () => {
  it('a sign-up email is the configured template, its link escaped as html/template does', async () => {
    const email = uniqueEmail('template')
    const signUp = await client(backend).auth.signUp({ email, password: 'a long password' })
    expect(signUp.error).toBeNull()
    const message = backend.mailbox.latest(email)!
    expect(message.subject).toBe('Confirm your email for Folio')
    const link = message.links[0]!
    expect(message.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`)
    expect(message.text).toContain(`created a Folio account for ${email}`)
    expect(message.html).not.toContain('{{')
    const confirmed = await followLink(link)
    expect(fragmentParams(confirmed).get('access_token')).toBeTruthy()
  })

  it('a new password is told to the owner by email, after it is kept', async () => {
    const owner = await signedInUser(backend, 'told-password')
    const same = await owner.supabase.auth.updateUser({ password: owner.password })
    expect(same.error).toMatchObject({ code: 'same_password' })
    expect(backend.mailbox.list(owner.email)).toHaveLength(0)
    expect(
      (await owner.supabase.auth.updateUser({ password: 'another long one' })).error,
    ).toBeNull()
    const notices = backend.mailbox.list(owner.email)
    expect(notices.map((m) => [m.type, m.subject])).toEqual([
      ['password_changed_notification', 'Your Folio password was changed'],
    ])
    expect(notices[0]!.text).toContain(`The password of the Folio account for ${owner.email}`)
    expect(notices[0]!.html).toContain(`href="${SITE}/login"`)
  })

  it("an authenticator's first verification is told by email; signing in with it later is not", async () => {
    const owner = await signedInUser(backend, 'told-factor')
    const { factorId, secret } = await enrolTotp(owner.supabase)
    expect(backend.mailbox.list(owner.email).map((m) => m.type)).toEqual([
      'mfa_factor_enrolled_notification',
    ])
    const again = client(backend)
    await again.auth.signInWithPassword({ email: owner.email, password: owner.password })
    const verified = await again.auth.mfa.challengeAndVerify({
      factorId,
      code: await freshTotpCode(secret),
    })
    expect(verified.error).toBeNull()
    expect(backend.mailbox.list(owner.email)).toHaveLength(1)
  })
})

describe('settings come from supabase/config.toml', () => {
  it('the declared minimum password length (8) is what sign-up enforces', async () => {
    const short = await client(backend).auth.signUp({
      email: uniqueEmail('short'),
      password: 'seven77',
    })
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password' })
    expect(short.error?.message).toBe('Password should be at least 8 characters.')
    const ok = await client(backend).auth.signUp({ email: uniqueEmail('ok'), password: 'eight888' })
    expect(ok.error).toBeNull()
  })

  it("checks an email address as GoTrue does: at most 255 bytes, then checkmail's format", async () => {
    const supabase = client(backend)
    const tooLong = await supabase.auth.signUp({
      email: `${'a'.repeat(244)}@example.com`,
      password: 'long-enough-1',
    })
    expect(tooLong.error).toMatchObject({ status: 400, code: 'validation_failed' })
    expect(tooLong.error?.message).toBe('An email address is too long')
    for (const email of ['zoë@example.com', 'two@@example.com', 'dot@-example.com']) {
      const refused = await supabase.auth.signUp({ email, password: 'long-enough-1' })
      expect(refused.error?.message).toBe('Unable to validate email address: invalid format')
    }
    const resent = await supabase.auth.resend({ type: 'signup', email: 'zoë@example.com' })
    expect(resent.error?.message).toBe('Unable to validate email address: invalid format')
    const user = await signedInUser(backend, 'email-change-format')
    const change = await user.supabase.auth.updateUser({ email: 'zoë@example.com' })
    expect(change.error?.message).toBe('Unable to validate email address: invalid format')
    const longest = await supabase.auth.signUp({
      email: `${'a'.repeat(243)}@example.com`,
      password: 'long-enough-1',
    })
    expect(longest.error).toBeNull()
  })

  it('refuses a password over 72 bytes (bcrypt reads no more), counted in UTF-8', async () => {
    const supabase = client(backend)
    for (const password of ['a'.repeat(73), 'é'.repeat(37)]) {
      const long = await supabase.auth.signUp({ email: uniqueEmail('long'), password })
      expect(long.error).toMatchObject({ status: 400, code: 'validation_failed' })
      expect(long.error?.message).toBe('Password cannot be longer than 72 characters')
    }
    const user = await signedInUser(backend, 'long-change')
    const change = await user.supabase.auth.updateUser({ password: 'b'.repeat(73) })
    expect(change.error).toMatchObject({ status: 400, code: 'validation_failed' })
    const longest = await supabase.auth.signUp({
      email: uniqueEmail('longest'),
      password: 'a'.repeat(72),
    })
    expect(longest.error).toBeNull()
  })

  it('leaked password protection (auth-management.json) refuses a breached password as hosted does', async () => {
    // GoTrue internal/api/password.go checkPasswordStrength with Password.HIBP.Enabled.
    const pwned = {
      status: 422,
      code: 'weak_password',
      message: 'Password is known to be weak and easy to guess, please choose a different one.',
      reasons: ['pwned'],
    }
    const signUp = await client(backend).auth.signUp({
      email: uniqueEmail('pwned'),
      password: 'password',
    })
    expect(signUp.error).toMatchObject(pwned)
    const user = await signedInUser(backend, 'pwned-change')
    expect((await user.supabase.auth.updateUser({ password: '12345678' })).error).toMatchObject(
      pwned,
    )
    // A recovery sets the new password through the same PUT /user.
    const supabase = client(backend)
    expect((await supabase.auth.resetPasswordForEmail(user.email)).error).toBeNull()
    const mail = backend.mailbox.latest(user.email)!
    expect(mail.type).toBe('recovery')
    const recovered = await supabase.auth.verifyOtp({
      email: user.email,
      token: mail.otp,
      type: 'recovery',
    })
    expect(recovered.error).toBeNull()
    expect((await supabase.auth.updateUser({ password: 'iloveyou' })).error).toMatchObject(pwned)
    // The body as hosted sends it: the reasons under weak_password.
    const raw = await authFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('pwned-raw'), password: 'qwerty123' }),
    })
    expect(raw.status).toBe(422)
    expect(await raw.json()).toMatchObject({
      error_code: 'weak_password',
      weak_password: { reasons: ['pwned'] },
    })
    // A password that is long enough and not known from a breach still works.
    expect((await supabase.auth.updateUser({ password: 'copper kettle meadow' })).error).toBeNull()
    const fine = await client(backend).auth.signUp({
      email: uniqueEmail('not-pwned'),
      password: 'lantern orchard 42',
    })
    expect(fine.error).toBeNull()
  })

  it('a correct password since found in a breach signs in, and the answer says so, as hosted', async () => {
    // GoTrue v2.196 internal/api/token.go ResourceOwnerPasswordGrant: checkPasswordStrength on
    // every correct password; a WeakPasswordError rides along as `weak_password` on the 200.
    const user = await signedInUser(backend, 'pwned-later', 'harbour lantern 1987')
    const clean = await client(backend).auth.signInWithPassword(user)
    expect(clean.error).toBeNull()
    expect(clean.data).not.toHaveProperty('weakPassword')

    // The password was clean when chosen; a breach has made it known since (as the e2e tests
    // say so: POST /__breaches).
    const learnt = await fetch(`${backend.url}/__breaches`, {
      method: 'POST',
      body: JSON.stringify({ password: user.password }),
    })
    expect(learnt.status).toBe(200)
    const signedIn = await client(backend).auth.signInWithPassword(user)
    expect(signedIn.error).toBeNull()
    expect(signedIn.data.session?.access_token).toBeTruthy()
    expect(signedIn.data).toMatchObject({
      weakPassword: {
        reasons: ['pwned'],
        message: 'Password is known to be weak and easy to guess, please choose a different one.',
      },
    })
    const raw = await authFetch('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: user.email, password: user.password }),
    })
    expect(raw.status).toBe(200)
    expect(await raw.json()).toMatchObject({
      access_token: expect.any(String),
      weak_password: { reasons: ['pwned'] },
    })
    // Said only to whoever knows the password: a wrong one learns nothing about it.
    const wrong = await authFetch('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: user.email, password: 'password123' }),
    })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).not.toHaveProperty('weak_password')

    // A two-factor account gets it with its aal1 session, before the code.
    await enrolTotp(user.supabase)
    const halfway = client(backend)
    const atAal1 = await halfway.auth.signInWithPassword(user)
    expect(atAal1.data.weakPassword?.reasons).toEqual(['pwned'])
    expect((await halfway.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    })

    // The way out: a new password, refused if breached too, and then no word at sign-in.
    expect((await user.supabase.auth.updateUser({ password: 'password' })).error).toMatchObject({
      code: 'weak_password',
    })
  })

  it('max_frequency (60 s): a second reset email right away is refused and nothing is sent', async () => {
    const { email } = await signedInUser(backend, 'reset-twice')
    const supabase = client(backend)
    expect((await supabase.auth.resetPasswordForEmail(email)).error).toBeNull()
    const again = await supabase.auth.resetPasswordForEmail(email)
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })
    expect(again.error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    )
    expect(backend.mailbox.list(email).filter((m) => m.type === 'recovery')).toHaveLength(1)
  })

  it('without [auth.email.smtp], hosted mails no one outside the team: sign-ups are refused', async () => {
    await backend.stop()
    const configFile = await configWith([/\[auth\.email\.smtp\]\nenabled = true/, ''])
    backend = await startTestBackend({ configFile })
    const email = uniqueEmail('no-smtp')
    const signUp = await client(backend).auth.signUp({ email, password: 'a long password' })
    expect(signUp.error).toMatchObject({ status: 400, code: 'email_address_not_authorized' })
    expect(signUp.error?.message).toBe(
      `Email address "${email}" cannot be used as it is not authorized`,
    )
    // Nothing was made: the address can sign up once the project has its SMTP server.
    const { data } = await serviceClient(backend).auth.admin.listUsers()
    expect(data.users.map((user) => user.email)).not.toContain(email)
    // A notice cannot fail what it tells of: the new password is kept, and nothing is sent.
    const owner = await signedInUser(backend, 'no-smtp-password')
    expect(
      (await owner.supabase.auth.updateUser({ password: 'another long one' })).error,
    ).toBeNull()
    expect(backend.mailbox.list(owner.email)).toHaveLength(0)
  })

  it('a changed value in a copy of the file changes what the backend does', async () => {
    await backend.stop()
    const configFile = await configWith([
      /minimum_password_length = 8/,
      'minimum_password_length = 12',
    ])
    backend = await startTestBackend({ configFile })
    const refused = await client(backend).auth.signUp({
      email: uniqueEmail('twelve'),
      password: 'eleven11111',
    })
    expect(refused.error?.message).toBe('Password should be at least 12 characters.')
  })

  // [auth] enable_signup is GoTrue's DISABLE_SIGNUP: no new account by password or by magic
  // link (MagicLink signs a new or unconfirmed address up through Signup), existing ones sign in
  // (supabase/auth internal/api/signup.go Signup, magic_link.go MagicLink, otp.go Otp, v2.196).
  it('[auth] enable_signup = false: no new account, by password or by magic link', async () => {
    await backend.stop()
    const configFile = await configWith([/^enable_signup = true/m, 'enable_signup = false'])
    backend = await startTestBackend({ configFile })
    // Accounts the admin API made (it is not a sign-up): one confirmed, one still waiting.
    const signedUp = await signedInUser(backend, 'closed-existing')
    const waiting = uniqueEmail('closed-unconfirmed')
    const made = await serviceClient(backend).auth.admin.createUser({
      email: waiting,
      password: 'a long password',
    })
    expect(made.error).toBeNull()
    const signUp = await client(backend).auth.signUp({
      email: uniqueEmail('closed'),
      password: 'a long password',
    })
    expect(signUp.error).toMatchObject({ status: 422, code: 'signup_disabled' })
    for (const email of [uniqueEmail('closed-otp'), waiting]) {
      const otp = await client(backend).auth.signInWithOtp({ email })
      expect(otp.error, email).toMatchObject({ status: 422, code: 'signup_disabled' })
    }
    const unknown = await client(backend).auth.signInWithOtp({
      email: uniqueEmail('closed-otp'),
      options: { shouldCreateUser: false },
    })
    expect(unknown.error).toMatchObject({ status: 422, code: 'otp_disabled' })
    const signIn = await client(backend).auth.signInWithPassword({
      email: signedUp.email,
      password: signedUp.password,
    })
    expect(signIn.error).toBeNull()
  })

  // [auth.email] enable_signup is GoTrue's EXTERNAL_EMAIL_ENABLED (supabase/cli internal/start/
  // start.go; pkg/config/auth.go ExternalEmailEnabled): off, no one signs up, in, or recovers by
  // email (requireEmailProvider; token.go, magic_link.go, signup.go, resend.go, v2.196).
  it('[auth.email] enable_signup = false: email sign-in of every kind is off, not only sign-ups', async () => {
    await backend.stop()
    const configFile = await configWith([
      /\[auth\.email\]\nenable_signup = true/,
      '[auth.email]\nenable_signup = false',
    ])
    backend = await startTestBackend({ configFile })
    const signedUp = { email: uniqueEmail('no-email-existing'), password: 'a long password' }
    expect(
      (await serviceClient(backend).auth.admin.createUser({ ...signedUp, email_confirm: true }))
        .error,
    ).toBeNull()
    const supabase = client(backend)
    const signUp = await supabase.auth.signUp({
      email: uniqueEmail('no-email'),
      password: 'a long password',
    })
    expect(signUp.error).toMatchObject({ status: 400, code: 'email_provider_disabled' })
    expect(signUp.error?.message).toBe('Email signups are disabled')
    const disabled = { code: 'email_provider_disabled', message: 'Email logins are disabled' }
    expect(
      (
        await supabase.auth.signInWithPassword({
          email: signedUp.email,
          password: signedUp.password,
        })
      ).error,
    ).toMatchObject({ status: 422, ...disabled })
    expect((await supabase.auth.signInWithOtp({ email: signedUp.email })).error).toMatchObject({
      status: 422,
      ...disabled,
    })
    expect((await supabase.auth.resetPasswordForEmail(signedUp.email)).error).toMatchObject({
      status: 400,
      ...disabled,
    })
    expect(
      (await supabase.auth.resend({ type: 'signup', email: signedUp.email })).error,
    ).toMatchObject({ status: 400, ...disabled })
    expect(backend.mailbox.list(signedUp.email)).toEqual([])
  })

  it('double_confirm_changes = false in the file: the new address alone makes the change', async () => {
    await backend.stop()
    const configFile = await configWith([
      /double_confirm_changes = true/,
      'double_confirm_changes = false',
    ])
    backend = await startTestBackend({ configFile })
    const owner = await signedInUser(backend, 'single-confirm')
    const newAddress = uniqueEmail('single-confirm-new')
    expect((await owner.supabase.auth.updateUser({ email: newAddress })).error).toBeNull()
    expect(backend.mailbox.list(owner.email).map((m) => m.type)).not.toContain('email_change')
    const landed = await followLink(backend.mailbox.latest(newAddress)!.links[0]!)
    expect(fragmentParams(landed).get('type')).toBe('email_change')
    expect(fragmentParams(landed).get('access_token')).toBeTruthy()
    const user = await serviceClient(backend).auth.admin.getUserById(owner.id)
    expect(user.data.user?.email).toBe(newAddress)
  })

  it('the attachments bucket’s size and type limits are what uploads meet', async () => {
    await backend.stop()
    const configFile = await configWith([/file_size_limit = "10MiB"/, 'file_size_limit = "1KiB"'])
    backend = await startTestBackend({ configFile })
    const user = await signedInUser(backend, 'bucket-limit')
    await makePro(backend, user.id)
    const bucket = user.supabase.storage.from('attachments')
    const small = await bucket.upload(
      `${user.id}/small.png`,
      new Blob([new Uint8Array(1000)], { type: 'image/png' }),
    )
    expect(small.error).toBeNull()
    const big = await bucket.upload(
      `${user.id}/big.png`,
      new Blob([new Uint8Array(2000)], { type: 'image/png' }),
    )
    expect(big.error).not.toBeNull()
    const text = await bucket.upload(
      `${user.id}/notes.txt`,
      new Blob(['hi'], { type: 'text/plain' }),
    )
    expect(text.error).not.toBeNull()
  })
})

// Last: these spend the backend's attempt budgets.
describe('attempt limits (GoTrue internal/api/options.go)', () => {
  async function statuses(count: number, attempt: () => Promise<number>): Promise<number[]> {
    const seen: number[] = []
    for (let i = 0; i < count; i++) seen.push(await attempt())
    return seen
  }

  it('guessing the six-digit email code stops after 30 tries', async () => {
    const email = uniqueEmail('otp-guess')
    await client(backend).auth.signInWithOtp({ email })
    const seen = await statuses(40, async () => {
      const response = await authFetch('/verify', {
        method: 'POST',
        body: JSON.stringify({ type: 'email', email, token: '000000' }),
      })
      return response.status
    })
    expect(seen.slice(0, 30).every((status) => status === 403)).toBe(true)
    expect(seen.slice(30)).toContain(429)
    const last = await authFetch('/verify', {
      method: 'POST',
      body: JSON.stringify({ type: 'email', email, token: backend.mailbox.latest(email)!.otp }),
    })
    expect(last.status).toBe(429)
    expect(await last.json()).toMatchObject({ error_code: 'over_request_rate_limit' })
  })

  it('guessing TOTP codes stops after 30 tries', async () => {
    const owner = await signedInUser(backend, 'totp-guess')
    const { factorId } = await enrolTotp(owner.supabase)
    const thief = client(backend)
    await thief.auth.signInWithPassword({ email: owner.email, password: owner.password })
    const challenge = await thief.auth.mfa.challenge({ factorId })
    const seen = await statuses(40, async () => {
      const { error } = await thief.auth.mfa.verify({
        factorId,
        challengeId: challenge.data!.id,
        code: '000000',
      })
      return error?.status ?? 200
    })
    expect(seen.filter((status) => status === 422).length).toBeGreaterThanOrEqual(29)
    expect(seen.slice(30)).toContain(429)
  })
})
