import jsQR from 'jsqr'
import * as OTPAuth from 'otpauth'
import type { Page } from '@playwright/test'
import {
  adminClient,
  anonKey,
  BACKEND_URL,
  createUser,
  latestEmail,
  sessionTokensFor,
  signIn,
  signInThroughForm,
  uniqueEmail,
} from './backend.ts'
import { expect, test, trackErrors, waitForHydration } from './fixtures.ts'
import { signUpForLink } from './signUp.ts'

const STORAGE_KEY = 'sb-127-auth-token'
/** After signing out on the dashboard: the login page, possibly offering the way back. */
const SIGNED_OUT_URL = /\/login\/?(\?redirect=%2Fdashboard(%2Faccount)?)?$/

async function expectSignedInOnDashboard(page: Page, email: string) {
  await expect(page).toHaveURL(/\/dashboard\/?$/)
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${email}`)
}

async function storedSession(page: Page) {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Record<string, unknown> | null,
    STORAGE_KEY,
  )
}

/**
 * Marks the stored session as expired, as if the tab had slept past the access token's life.
 * It leaves for a public page first (no supabase-js there), so no running client refreshes the
 * session before the test is watching.
 */
async function expireStoredSession(page: Page) {
  await page.goto('/about')
  await page.evaluate((key) => {
    const session = JSON.parse(localStorage.getItem(key) as string) as { expires_at: number }
    session.expires_at = Math.floor(Date.now() / 1000) - 60
    localStorage.setItem(key, JSON.stringify(session))
  }, STORAGE_KEY)
}

test('sign up, confirm from the mailbox, land on the dashboard', async ({ page }) => {
  const email = uniqueEmail('signup')
  await page.goto(await signUpForLink(page, email))
  await expectSignedInOnDashboard(page, email)
  // Sign-in wrote the session cookies a same-site server could read.
  const cookies = await page.context().cookies()
  expect(cookies.map((cookie) => cookie.name)).toEqual(
    expect.arrayContaining(['sb-access-token', 'sb-refresh-token']),
  )
  expect(cookies.find((cookie) => cookie.name === 'sb-access-token')?.sameSite).toBe('Lax')
  // Host-only, site-wide, Lax, and gone when the session ends (refreshes write them again).
  const { expires_at: sessionEnd } = (await storedSession(page)) as { expires_at: number }
  for (const cookie of cookies.filter((each) => each.name.startsWith('sb-'))) {
    expect(cookie).toMatchObject({ domain: '127.0.0.1', path: '/', sameSite: 'Lax' })
    expect(cookie.expires).toBeLessThanOrEqual(sessionEnd + 1)
  }
})

test('a visitor is sent to sign in and comes back; signing out locks the dashboard again', async ({
  page,
}) => {
  const user = await createUser('guard')
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\/?\?redirect=%2Fdashboard$/)
  await expect(page.getByText('Signed in as')).toHaveCount(0)

  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expectSignedInOnDashboard(page, user.email)
  await expect(page.getByTestId('account-menu')).toBeVisible()

  await page.getByRole('link', { name: 'Account settings' }).click()
  await page.getByRole('button', { name: 'Sign out of this device' }).click()
  await expect(page).toHaveURL(SIGNED_OUT_URL)
  expect(await storedSession(page)).toBeNull()
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(
    'sb-access-token',
  )
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\/?\?redirect=%2Fdashboard$/)
})

test('a link into a sign-in mode hydrates cleanly and keeps the way back', async ({ page }) => {
  const errors = trackErrors(page)
  await page.goto('/login?mode=magic&redirect=%2Fpricing')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in with a link')
  await expect(page.getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Create account' })).toHaveAttribute(
    'href',
    '/login?mode=signup&redirect=%2Fpricing',
  )
  // The prerendered sign-in form was hydrated, not thrown away for a mismatch.
  expect(errors).toEqual([])
})

test('a hostile way back that resolves to no address still shows the sign-in form', async ({
  page,
}) => {
  const errors = trackErrors(page)
  const user = await createUser('hostile-way-back')
  // `/.//` resolves to the path `//`, which is no URL: the check threw while the page rendered.
  await page.goto(`/login?${new URLSearchParams({ redirect: '/.//' })}`)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Folio')
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expectSignedInOnDashboard(page, user.email)
  expect(errors).toEqual([])
})

test('a wrong password says so in words and keeps what was typed', async ({ page }) => {
  const user = await createUser('wrong-password')
  await page.goto('/login')
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(
    page.getByText('That email and password do not match an account. Check them and try again.'),
  ).toBeVisible()
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email)
  await expect(page).toHaveURL(/\/login\/?$/)
})

test('a password known from data breaches is refused at sign-up, in words', async ({ page }) => {
  const email = uniqueEmail('pwned-signup')
  await page.goto('/login?mode=signup')
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(email)
  // Eight characters: long enough, but leaked password protection refuses it.
  await page.getByLabel('Password').fill('password')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(
    page.getByText('That password has appeared in a data breach. Choose a different one.'),
  ).toBeVisible()
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
})

test('a magic link signs in', async ({ page }) => {
  const user = await createUser('magic')
  await page.goto('/login?mode=magic&redirect=%2Fdashboard')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(user.email)
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
  await expect(page.getByText(`we sent a sign-in link to ${user.email}`)).toBeVisible()

  const message = await latestEmail(user.email, 'magiclink')
  await page.goto(message.links[0] as string)
  await expectSignedInOnDashboard(page, user.email)
})

test('forgot password: the emailed link lets the user choose a new one', async ({ page }) => {
  const user = await createUser('reset')
  await page.goto('/login?mode=forgot')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(user.email)
  await page.getByRole('button', { name: 'Email me a reset link' }).click()
  await expect(page.getByText('a link to choose a new password is on its way')).toBeVisible()

  const message = await latestEmail(user.email, 'recovery')
  await page.goto(message.links[0] as string)
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  // A password known from breaches is refused in words (the account page's change is this form).
  await page.getByLabel('New password', { exact: true }).fill('password1')
  await page.getByLabel('Repeat the new password').fill('password1')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(
    page.getByText('That password has appeared in a data breach. Choose a different one.'),
  ).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password')
  await page.getByLabel('Repeat the new password').fill('a-brand-new-password')
  await page.getByRole('button', { name: 'Save new password' }).click()
  // Said in words, with what else it did, then on to the notes.
  await expect(page).toHaveURL(/\/success\?from=password-reset$/)
  await expect(page.getByText('Your password is changed.')).toBeVisible()
  await expect(page.getByTestId('success-message')).toHaveText(
    'Every other device signed in to this account has been signed out, and signs in with the new one.',
  )
  await page.getByRole('main').getByRole('link', { name: 'Open your notes' }).click()
  await expectSignedInOnDashboard(page, user.email)

  // The new password works from a fresh browser.
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
  await signInThroughForm(page, { ...user, password: 'a-brand-new-password' })
  await expectSignedInOnDashboard(page, user.email)
})

/**
 * An authenticator app's codes: each 30-second step's code works once, so a second code asked
 * for within the same step is the next step's (the server allows one step of clock skew).
 */
function authenticatorApp(secret: string) {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.trim()) })
  let lastStep = -Infinity
  return {
    code(): string {
      const step = Math.max(Math.floor(Date.now() / 30_000), lastStep + 1)
      lastStep = step
      return totp.generate({ timestamp: step * 30_000 })
    },
  }
}

/**
 * What a phone camera would read from the QR code: a screenshot of the image as the page shows
 * it (on its white card), turned back into pixels by the browser and read by a QR decoder.
 */
async function scanQrCode(page: Page): Promise<string | undefined> {
  const shot = await page.getByRole('img', { name: /QR code/ }).screenshot()
  const { width, height, pixels } = await page.evaluate(async (png) => {
    const picture = new Image()
    picture.src = `data:image/png;base64,${png}`
    await picture.decode()
    const canvas = document.createElement('canvas')
    canvas.width = picture.naturalWidth
    canvas.height = picture.naturalHeight
    const context = canvas.getContext('2d') as CanvasRenderingContext2D
    context.drawImage(picture, 0, 0)
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data
    return { width: canvas.width, height: canvas.height, pixels: Array.from(data) }
  }, shot.toString('base64'))
  return jsQR(Uint8ClampedArray.from(pixels), width, height)?.data
}

test('two-factor: enrol with the app, then signing in asks for a code', async ({ page }) => {
  // Two whole flows (enrolment with a QR scan, then a sign-in with a challenge) in one test.
  test.slow()
  const user = await createUser('totp')
  await signIn(page, user, '/dashboard/account')
  await page.getByRole('button', { name: 'Set up two-factor' }).click()
  const qrCode = page.getByRole('img', { name: /QR code/ })
  await expect(qrCode).toBeVisible()
  // The image really loaded (a broken data URL still takes its width and height from the tag)…
  await expect
    .poll(() => qrCode.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  const secret = (await page.getByTestId('totp-secret').textContent()) as string
  // …and scanning it gives the authenticator app this account and this secret.
  const scanned = await scanQrCode(page)
  expect(scanned).toMatch(/^otpauth:\/\/totp\//)
  expect(new URL(scanned as string).searchParams.get('secret')).toBe(secret.trim())
  expect(decodeURIComponent(new URL(scanned as string).pathname)).toContain(user.email)
  const app = authenticatorApp(secret)
  await page.getByLabel('Code from the app').fill(app.code())
  await page.getByRole('button', { name: 'Turn on two-factor' }).click()
  await expect(page.getByText(/^On, with/)).toBeVisible()

  await page.getByRole('button', { name: 'Sign out of this device' }).click()
  await expect(page).toHaveURL(SIGNED_OUT_URL)
  await page.goto('/login?redirect=%2Fdashboard')
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
  await page.getByLabel('Authentication code').fill('000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('That code did not match.', { exact: false })).toBeVisible()
  await page.getByLabel('Authentication code').fill(app.code())
  await page.getByRole('button', { name: 'Verify' }).click()
  await expectSignedInOnDashboard(page, user.email)
  // At aal2 the data is there: the plan, and documents can be written and listed.
  await expect(page.getByTestId('plan-notice')).toHaveText(/^Free plan · 0 of 3 documents/)
  await page.getByRole('button', { name: 'New document' }).first().click()
  await expect(page.getByRole('list', { name: /Documents/ }).getByRole('link')).toHaveCount(1)
  await expect(page.getByTestId('plan-notice')).toHaveText(/^Free plan · 1 of 3 documents/)
})

test('a refused sign-up takes focus to the first field in error, its error tied to it', async ({
  page,
}) => {
  await page.goto('/login?mode=signup')
  await waitForHydration(page)
  const email = page.getByLabel('Email', { exact: true })
  await email.focus()
  await page.keyboard.type('not-an-address')
  await page.keyboard.press('Tab')
  await page.keyboard.type('short')
  // Enter from the password field: the address's error is above, out of earshot there.
  await page.keyboard.press('Enter')
  await expect(email).toBeFocused()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(email).toHaveAccessibleDescription('Enter an email address like you@example.com.')
})

test('two-factor set-up by keyboard: focus goes to its instructions, then the code, then the card', async ({
  page,
}) => {
  await signIn(page, await createUser('totp-keyboard'), '/dashboard/account')
  const card = page.getByRole('region', { name: 'Two-factor authentication' })
  await card.getByRole('button', { name: 'Set up two-factor' }).focus()
  await page.keyboard.press('Enter')
  // Not <body>: the button that had focus is gone, the set-up's first words have it.
  await expect(card.getByText('Scan this code with your authenticator app')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(card.getByLabel('Code from the app')).toBeFocused()
  const secret = (await card.getByTestId('totp-secret').textContent()) as string
  await page.keyboard.type(authenticatorApp(secret).code())
  await page.keyboard.press('Enter')
  await expect(card.getByText(/^On, with/)).toBeVisible()
  await expect(card.getByRole('heading', { name: 'Two-factor authentication' })).toBeFocused()
})

test('an expired access token is refreshed silently', async ({ page }) => {
  const user = await createUser('refresh')
  await signIn(page, user)
  const before = await storedSession(page)
  await expireStoredSession(page)

  const refreshes = page.waitForRequest(/\/auth\/v1\/token\?grant_type=refresh_token/)
  await page.goto('/dashboard')
  await refreshes
  await expectSignedInOnDashboard(page, user.email)
  const after = await storedSession(page)
  // Refresh tokens rotate on every refresh (access tokens minted in the same second may match).
  expect(after?.refresh_token).not.toBe(before?.refresh_token)
  expect(after?.expires_at as number).toBeGreaterThan(Date.now() / 1000)
})

test('a refresh answered 503 is retried and the user stays signed in', async ({ page }) => {
  const user = await createUser('retry')
  await signIn(page, user)
  await expireStoredSession(page)

  let attempts = 0
  await page.route(/\/auth\/v1\/token\?grant_type=refresh_token/, async (route) => {
    attempts += 1
    if (attempts === 1) {
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Service Unavailable' }),
      })
    } else {
      await route.continue()
    }
  })
  await page.goto('/dashboard')
  await expectSignedInOnDashboard(page, user.email)
  expect(attempts).toBeGreaterThanOrEqual(2)
})

test('two tabs stay consistent: signing out in one signs out the other', async ({ context }) => {
  const user = await createUser('two-tabs')
  const first = await context.newPage()
  await signIn(first, user)
  const second = await context.newPage()
  await second.goto('/dashboard')
  await expectSignedInOnDashboard(second, user.email)
  await expect(first.getByTestId('account-menu')).toBeVisible()

  await second.getByRole('link', { name: 'Account settings' }).click()
  await second.getByRole('button', { name: 'Sign out of this device' }).click()
  await expect(second).toHaveURL(SIGNED_OUT_URL)
  // The first tab hears about it without a reload and leaves the guarded page.
  await expect(first).toHaveURL(SIGNED_OUT_URL)
  await expect(first.getByTestId('account-sign-in')).toBeVisible()
})

/** /confirm addresses carrying `tokens` as a forged link would: in the fragment or the query. */
function forgedLinks(tokens: { access_token: string; refresh_token: string }): string[] {
  const session = new URLSearchParams({
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    expires_in: '3600',
    token_type: 'bearer',
    type: 'magiclink',
  })
  return [
    `/confirm?redirect=%2Fdashboard#${session}`,
    `/confirm?redirect=%2Fdashboard&flow=guessed-nonce#${session}`,
    `/confirm?redirect=%2Fdashboard&${session}`,
  ]
}

test("an attacker's session in a link signs no visitor in", async ({ page }) => {
  const attacker = await createUser('attacker')
  for (const link of forgedLinks(await sessionTokensFor(attacker))) {
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'We could not sign you in' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText('nothing about your account has changed')
    expect(await storedSession(page)).toBeNull()
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login\/?\?redirect=%2Fdashboard$/)
  }
})

test("an attacker's session in a link does not replace the signed-in account", async ({ page }) => {
  const victim = await createUser('victim')
  const attacker = await createUser('attacker')
  await signIn(page, victim)
  for (const link of forgedLinks(await sessionTokensFor(attacker))) {
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'We could not sign you in' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to your dashboard' }).click()
    await expectSignedInOnDashboard(page, victim.email)
  }
})

test('/confirm with nothing in the address explains itself', async ({ page }) => {
  await page.goto('/confirm')
  await expect(page.getByRole('heading', { name: 'Nothing to sign in with' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('there is no link here to finish')
  await expect(page.getByText('Technical detail: No session defined in URL')).toBeVisible()
})

test("an error in an email link is said in our words, the service's only quoted", async ({
  page,
}) => {
  // What the auth service writes into the address when a link has expired.
  await page.goto(
    '/confirm#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
  )
  await expect(page.getByRole('heading', { name: 'We could not sign you in' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('The link could not be used')
  await expect(
    page.getByText('The sign-in service said: “Email link is invalid or has expired”'),
  ).toBeVisible()

  // Anyone can write such an address: its text never speaks as the site, and is cut short.
  const lure = `Your account is locked. Reply to this email with your password to unlock it. ${'Now. '.repeat(60)}`
  await page.goto(`/confirm?${new URLSearchParams({ error: 'x', error_description: lure })}`)
  await expect(page.getByRole('alert')).toContainText('The link could not be used')
  await expect(page.getByRole('alert')).not.toContainText('locked')
  const quoted = page.getByText(/^The sign-in service said: “Your account is locked\./)
  await expect(quoted).toBeVisible()
  expect((await quoted.textContent())!.length).toBeLessThan(260)
})

test('a failure of the auth service behind an email link is said to be ours, not the link’s', async ({
  page,
}) => {
  // GoTrue's word for its own 500, with no description: the link may well be fine.
  await page.goto('/confirm?error=server_error')
  await expect(page.getByRole('heading', { name: 'We could not sign you in' })).toBeFocused()
  await expect(page.getByRole('alert')).toContainText(
    'Our sign-in service failed while opening this link: the fault is ours, not the link’s.',
  )
  await expect(page.getByRole('alert')).not.toContainText('The link could not be used')
  // The auth client's text for it, word for word, as the technical detail.
  await expect(
    page.getByText('Technical detail: Error in URL with unspecified error_description', {
      exact: true,
    }),
  ).toBeVisible()

  // A refused link without a description is still the link's doing.
  await page.goto('/confirm#error=access_denied&error_code=otp_expired')
  await expect(page.getByRole('alert')).toContainText('The link could not be used')
})

test('the first of an email change’s two links says the other is needed, and signs nobody in', async ({
  page,
  baseURL,
}) => {
  // Folio has no email change of its own: whoever holds a session asks the API directly.
  const owner = await createUser('change-owner')
  const { access_token } = await sessionTokensFor(owner)
  const newAddress = uniqueEmail('change-new')
  const redirectTo = encodeURIComponent(`${baseURL}/confirm`)
  const response = await fetch(`${BACKEND_URL}/auth/v1/user?redirect_to=${redirectTo}`, {
    method: 'PUT',
    headers: {
      apikey: await anonKey(),
      authorization: `Bearer ${access_token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email: newAddress }),
  })
  expect(response.status).toBe(200)

  await page.goto((await latestEmail(newAddress, 'email_change')).links[0]!)
  await expect(page).toHaveURL(/\/confirm/)
  await expect(page.getByRole('heading', { name: 'One address confirmed' })).toBeVisible()
  await expect(page.getByRole('status')).toContainText(
    'The change is made only when the link we sent to the other address is followed as well',
  )
  await expect(
    page.getByText(
      'The sign-in service said: “Confirmation link accepted. Please proceed to confirm link sent to the other email”',
    ),
  ).toBeVisible()
  expect(await storedSession(page)).toBeNull()
  // The owner's address was mailed too, and the account keeps it until that link is followed.
  expect((await latestEmail(owner.email, 'email_change')).text).toContain(newAddress)
  const admin = await adminClient()
  expect((await admin.auth.admin.getUserById(owner.id)).data.user?.email).toBe(owner.email)
})

/** Asks, on this page, for a sign-in link to `email`, and returns it from the mailbox. */
async function requestMagicLink(page: Page, email: string, previousLink?: string) {
  await page.goto('/login?mode=magic&redirect=%2Fdashboard')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
  await expect(page.getByText(`we sent a sign-in link to ${email}`)).toBeVisible()
  let link: string | undefined
  await expect
    .poll(async () => (link = (await latestEmail(email, 'magiclink')).links[0]))
    .not.toBe(previousLink)
  return link as string
}

test('a signed-in user is asked before an email link switches accounts', async ({ page }) => {
  const first = await createUser('first')
  const second = await createUser('second')
  // A second link to the same address within 60 s is refused (max_frequency in config.toml).
  const third = await createUser('third')
  await signIn(page, first)

  let previousLink: string | undefined
  const requestLinkFor = async (email: string) =>
    (previousLink = await requestMagicLink(page, email, previousLink))

  await page.goto(await requestLinkFor(second.email))
  await expect(page.getByRole('heading', { name: 'Switch accounts?' })).toBeVisible()
  await page.getByRole('button', { name: `Stay signed in as ${first.email}` }).click()
  await expectSignedInOnDashboard(page, first.email)

  await page.goto(await requestLinkFor(third.email))
  await page.getByRole('button', { name: `Sign in as ${third.email}` }).press('Enter')
  await expectSignedInOnDashboard(page, third.email)
})

test('the account prompt leaves a keyboard where it went as the prompt appeared', async ({
  page,
}) => {
  const first = await createUser('prompt-first')
  const second = await createUser('prompt-second')
  await signIn(page, first)
  const link = await requestMagicLink(page, second.email)
  // A keyboard as quick as a script: focus goes to the prompt's first button the moment it is in
  // the page, before anything the prompt itself does on appearing.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const button = [...document.querySelectorAll('button')].find((candidate) =>
        candidate.textContent?.startsWith('Sign in as '),
      )
      if (!button) return
      observer.disconnect()
      button.focus()
    }).observe(document, { childList: true, subtree: true })
  })
  await page.goto(link)
  const signInAsSecond = page.getByRole('button', { name: `Sign in as ${second.email}` })
  await expect(signInAsSecond).toBeVisible()
  // Past the frame in which the prompt's effects run: the focus is still where it went.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))),
  )
  await expect(signInAsSecond).toBeFocused()
  await page.keyboard.press('Enter')
  await expectSignedInOnDashboard(page, second.email)
})

test('an implicit-flow link this browser asked for still signs in, once', async ({ page }) => {
  const user = await createUser('implicit')
  const tokens = await sessionTokensFor(user)
  // What callbackUrl records when this browser asks for an email link (emailLinks.ts).
  await page.goto('/about')
  await page.evaluate(
    (email) =>
      localStorage.setItem(
        'folio-email-links',
        JSON.stringify([{ nonce: 'asked-here', email, startedAt: Math.floor(Date.now() / 1000) }]),
      ),
    user.email,
  )
  const session = new URLSearchParams({
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    expires_in: '3600',
    token_type: 'bearer',
  })
  await page.goto(`/confirm?redirect=%2Fdashboard&flow=asked-here#${session}`)
  await expectSignedInOnDashboard(page, user.email)
  expect(await page.evaluate(() => localStorage.getItem('folio-email-links'))).toBe('[]')
})
