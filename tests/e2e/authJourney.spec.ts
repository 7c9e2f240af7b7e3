/**
 * The sign-in screens as a newcomer meets them: the password reset of a two-factor user, the
 * two-factor step itself and the way out of it, what the identifier field offers, the word
 * after signing out, and never a server's own words.
 */
import type { Page } from '@playwright/test'
import { breachPassword, createUser, latestEmail, signIn, uniqueEmail } from './backend.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { signUpForLink } from './signUp.ts'
import { createTwoFactorUser, passwordWorks } from './twoFactor.ts'
import { NO_VIOLATIONS, axeViolationsInBothModes } from './axe.ts'

async function openResetLink(page: Page, email: string) {
  await page.goto('/login?mode=forgot')
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Email me a reset link' }).click()
  await expect(page.getByText('a link to choose a new password is on its way')).toBeVisible()
  const message = await latestEmail(email, 'recovery')
  await page.goto(message.links[0] as string)
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login?redirect=%2Fdashboard')
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

test('a two-factor user resets the password: the code is asked for in place, then it is saved', async ({
  page,
}) => {
  const user = await createTwoFactorUser('reset-2fa')
  await openResetLink(page, user.email)
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password')
  await page.getByLabel('Repeat the new password').fill('a-brand-new-password')
  await page.getByRole('button', { name: 'Save new password' }).click()

  // Still on the reset screen, now asking for the second factor.
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  const code = page.getByLabel('Authentication code')
  await expect(code).toBeFocused()
  await expect(page.getByText(/AAL2|aal2|expired/)).toHaveCount(0)

  // A wrong code is explained in words at the code field, which keeps the keyboard, and the
  // form stays.
  await code.fill(user.totp.generate() === '000000' ? '111111' : '000000')
  await code.press('Enter')
  await expect(code).toHaveAttribute('aria-invalid', 'true')
  await expect(code).toHaveAccessibleDescription(/^That code did not match\./)
  await expect(code).toBeFocused()

  await code.fill(user.totp.generate())
  await code.press('Enter')
  await expect(page).toHaveURL(/\/success\?from=password-reset$/)
  await page.getByRole('main').getByRole('link', { name: 'Open your notes' }).click()
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${user.email}`)
  expect(await passwordWorks(user.email, 'a-brand-new-password')).toBe(true)
  expect(await passwordWorks(user.email, user.password)).toBe(false)
})

test('after the code, a refused new password goes back to the password, not to another code', async ({
  page,
}) => {
  const user = await createTwoFactorUser('reset-2fa-same')
  await openResetLink(page, user.email)
  // The same password as before: the service refuses it only once the session is aal2.
  await page.getByLabel('New password', { exact: true }).fill(user.password)
  await page.getByLabel('Repeat the new password').fill(user.password)
  await page.getByRole('button', { name: 'Save new password' }).click()
  await page.getByLabel('Authentication code').fill(user.totp.generate())
  await page.getByLabel('Authentication code').press('Enter')

  await expect(page.getByText('The new password must be different from the old one.')).toBeVisible()
  await expect(page.getByLabel('Authentication code')).toHaveCount(0)
  await page.getByLabel('New password', { exact: true }).fill('another-new-password')
  await page.getByLabel('Repeat the new password').fill('another-new-password')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page).toHaveURL(/\/success\?from=password-reset$/)
  expect(await passwordWorks(user.email, 'another-new-password')).toBe(true)
})

test('the two-factor step focuses the code field, takes a pasted code and submits on Enter', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const user = await createTwoFactorUser('mfa-paste')
  await signInWithPassword(page, user.email, user.password)
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
  const field = page.getByLabel('Authentication code')
  await expect(field).toBeFocused()

  // As an authenticator app or a web page copies it: grouped, with stray spaces around it.
  const code = user.totp.generate()
  await page.evaluate(
    (text) => navigator.clipboard.writeText(text),
    ` ${code.slice(0, 3)} ${code.slice(3)} `,
  )
  await page.keyboard.press('ControlOrMeta+V')
  await expect(field).toHaveValue(code)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/dashboard\/?$/)
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${user.email}`)
})

test('sign-in offers what works: an email field, and a phone number is refused in words', async ({
  page,
}) => {
  let authRequests = 0
  page.on('request', (request) => {
    if (request.url().includes('/auth/v1/')) authRequests += 1
  })
  for (const mode of ['signin', 'signup']) {
    await page.goto(`/login?mode=${mode}`)
    await waitForHydration(page)
    const field = page.getByLabel('Email', { exact: true })
    await expect(field).toHaveAttribute('type', 'email')
    await expect(page.getByText(/phone/i)).toHaveCount(0)
    await field.fill('+44 20 7946 0958')
    await page.getByLabel('Password').fill('a-long-enough-password')
    await page.getByLabel('Password').press('Enter')
    await expect(page.getByText('Enter an email address like you@example.com.')).toBeVisible()
  }
  expect(authRequests).toBe(0)
})

test('an error the app has no words for is still said in words, never as the server sent it', async ({
  page,
}) => {
  const user = await createUser('raw-text')
  await page.route(/\/auth\/v1\/token\?grant_type=password/, (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'some_future_code',
        msg: 'pq: duplicate key value violates unique constraint "sessions_pkey"',
      }),
    }),
  )
  await signInWithPassword(page, user.email, user.password)
  await expect(page.getByRole('alert')).toContainText('Please try again')
  await expect(page.getByText(/pq:|constraint|sessions_pkey/)).toHaveCount(0)
})

test('a reset form without a session (link used up) says so and offers a new link', async ({
  page,
}) => {
  await page.goto('/login?mode=reset')
  await waitForHydration(page)
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password')
  await page.getByLabel('Repeat the new password').fill('a-brand-new-password')
  // Pressed from the keyboard: the refusal gives the keyboard back to the button.
  const save = page.getByRole('button', { name: 'Save new password' })
  await save.focus()
  await page.keyboard.press('Enter')
  const alert = page.getByRole('alert')
  await expect(alert).toContainText(
    'Your reset link has expired or was already used. Ask for a new one.',
  )
  await expect(save).toBeFocused()
  await alert.getByRole('link', { name: 'Ask for a new link' }).click()
  await expect(page).toHaveURL(/\/login\?mode=forgot$/)
  await expect(page.getByRole('button', { name: 'Email me a reset link' })).toBeVisible()
})

test('the two-factor step can be left for another account, and says what to do without the app', async ({
  page,
}) => {
  const user = await createTwoFactorUser('mfa-way-out')
  await signInWithPassword(page, user.email, user.password)
  const step = page.getByRole('region', { name: 'Two-factor authentication' })
  await expect(step).toBeVisible()
  // There are no recovery codes: the step says whom to ask, and from which address.
  await expect(step.getByText(/Lost your authenticator/)).toBeVisible()
  await expect(step.getByRole('link', { name: /contact/i })).toHaveAttribute('href', '/contact')

  await step.getByRole('button', { name: 'Use another account' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in to Folio' })).toBeVisible()
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible()
  // The half-signed-in session is gone, not only hidden: the dashboard asks for a password.
  expect(await page.evaluate(() => localStorage.getItem('sb-127-auth-token'))).toBeNull()
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
})

test('signing out says so on the sign-in page, and nothing else makes it say that', async ({
  page,
}) => {
  const user = await createUser('signed-out-notice')
  const notice = page.getByRole('status').filter({ hasText: 'You are signed out.' })
  await signIn(page, user, '/dashboard/account')
  await page.getByRole('button', { name: 'Sign out of this device' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect(notice).toBeVisible()

  // A visit of its own, or an address that tries to put words on the page, shows nothing. From
  // another page: the sign-out left the address at /login itself, and going there again would be
  // a reload, which keeps the page's history state as every reload does.
  for (const address of ['/login', '/login?signedOut=1&state=signed-out&message=Hello']) {
    await page.goto('/about')
    await page.goto(address)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { name: 'Sign in to Folio' })).toBeVisible()
    await expect(page.getByText('You are signed out.')).toHaveCount(0)
  }

  // The account menu's sign-out, from the dashboard and from a public page, says it too.
  for (const from of ['/dashboard', '/blog']) {
    await signIn(page, user, from)
    await page.getByTestId('account-menu').click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login/)
    await expect(notice).toBeVisible()
  }
})

test('a sign-up link opened in another browser says the address is confirmed, then signs in there', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('signup-elsewhere')
  const link = await signUpForLink(page, email)

  // The phone's mail app: a browser that never saw the sign-up.
  const phone = await (await browser.newContext()).newPage()
  await phone.goto(link)
  await expect(phone).toHaveURL(/\/success\?from=email-confirmed&redirect=%2Fdashboard$/)
  await expect(phone.getByText('Your email address is confirmed.')).toBeVisible()
  await expect(phone.getByTestId('success-message')).toHaveText(
    'Your Folio account is ready. The link was opened in a different browser from the one you signed up in, so sign in here with your email and password.',
  )
  await expect(phone.getByText(/could not sign you in|asked for in another browser/)).toHaveCount(0)

  await phone.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click()
  await expect(phone).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
  await phone.getByLabel('Email', { exact: true }).fill(email)
  await phone.getByLabel('Password').fill('a-long-enough-password')
  await phone.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(phone).toHaveURL(/\/dashboard\/?$/)
  await expect(phone.getByTestId('signed-in-as')).toHaveText(`Signed in as ${email}`)
  await phone.context().close()
})

test('a reset link opened in another browser offers a new reset link, not a sign-in link', async ({
  page,
  browser,
}) => {
  const user = await createUser('reset-elsewhere')
  await page.goto('/login?mode=forgot')
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByRole('button', { name: 'Email me a reset link' }).click()
  await expect(page.getByText('a link to choose a new password is on its way')).toBeVisible()
  const link = (await latestEmail(user.email, 'recovery')).links[0] as string

  const phone = await (await browser.newContext()).newPage()
  await phone.goto(link)
  await expect(
    phone.getByRole('heading', { name: 'We could not open your reset link' }),
  ).toBeVisible()
  await expect(
    phone.getByText(
      'This password reset link was asked for in another browser or on another device. Open it there, or ask for a new reset link here.',
    ),
  ).toBeVisible()
  await phone.getByRole('link', { name: 'ask for a new reset link' }).click()
  await expect(phone.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
  await phone.context().close()
})

test('signing up with an address that has an account says what to do, without saying it has one', async ({
  page,
}) => {
  const user = await createUser('signup-again')
  await page.goto('/login?mode=signup&redirect=%2Fdashboard')
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password').fill('another-long-password')
  await page.getByRole('button', { name: 'Create account' }).click()
  const sent = page.getByRole('status').filter({ hasText: 'Check your email' })
  // The same words as for a new address: the page cannot tell, and must not.
  await expect(sent).toContainText(`we sent a confirmation link to ${user.email}`)
  await expect(sent).toContainText(
    'If you already have an account with this address, no email comes: sign in or reset your password instead.',
  )
  await sent.getByRole('link', { name: 'reset your password' }).click()
  await expect(page).toHaveURL(/\/login\?mode=forgot&redirect=%2Fdashboard$/)
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
})

test('the confirmation email can be sent again, once a minute, and its new link confirms', async ({
  page,
}) => {
  test.setTimeout(120_000) // the auth service sends one confirmation a minute per address
  const email = uniqueEmail('signup-resend')
  const first = await signUpForLink(page, email)
  const sent = page.getByRole('status').filter({ hasText: 'Check your email' })
  const again = sent.getByRole('button', { name: 'send it again' })
  await again.click()
  await expect(sent).toContainText(
    'We just sent you an email. Wait a minute before asking for another.',
  )

  await page.waitForTimeout(61_000)
  await again.click()
  await expect(sent).toContainText(`We sent the link to ${email} again.`)
  const second = (await latestEmail(email, 'signup')).links[0] as string
  expect(second).not.toBe(first)
  await page.goto(second)
  await expect(page).toHaveURL(/\/dashboard\/?$/)
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${email}`)
})

test('offline, the sign-in page still switches to creating an account', async ({ page }) => {
  await page.goto('/login')
  await waitForHydration(page)
  // What the page fetches once it is up (the later forms, its payload) has arrived.
  await page.waitForLoadState('networkidle')
  await page.context().setOffline(true)
  await page.getByRole('link', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Create your Folio account' })).toBeVisible()
  await expect(page.getByText('Oops.')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible()
})

test('someone already signed in who opens the sign-in page is told so and offered the way on', async ({
  page,
}) => {
  const user = await createUser('already-signed-in')
  const notice = page.getByRole('status').filter({ hasText: 'You are signed in as' })
  await signIn(page, user, '/about')

  // Each mode says what its own form would do to the session held here.
  const says = {
    signin: ['Signing in below switches accounts.', 'Open your notes'],
    signup: [
      'Creating an account below keeps you signed in here until you confirm the new account’s email address.',
      'Open your notes',
    ],
    magic: [
      'Following a sign-in link sent to another address switches accounts; Folio asks you first.',
      'Open your notes',
    ],
    forgot: [
      'To change this account’s password you need no email: do it on your account page.',
      'Change your password',
    ],
  }
  for (const [mode, [consequence, link]] of Object.entries(says)) {
    await page.goto(`/login?mode=${mode}`)
    await waitForHydration(page)
    await expect(notice).toHaveText(`You are signed in as ${user.email}. ${consequence}${link}`)
    await expect(notice.getByRole('link')).toHaveText(link as string)
  }
  // Forgot password, while signed in: the account page, on its change-password form.
  await notice.getByRole('link', { name: 'Change your password' }).click()
  await expect(page).toHaveURL(/\/dashboard\/account$/)
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible()

  // No automatic move: the form stays, for someone who means to switch accounts.
  await page.goto('/login?mode=magic')
  await waitForHydration(page)
  await expect(page).toHaveURL(/\/login\?mode=magic$/)
  await notice.getByRole('link', { name: 'Open your notes' }).click()
  await expect(page).toHaveURL(/\/dashboard\/?$/)
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${user.email}`)

  // The page the address names, by the same same-origin rule signing in follows.
  await page.goto('/login?redirect=%2Fdashboard%2Faccount')
  await waitForHydration(page)
  await notice.getByRole('link', { name: 'Continue where you were' }).click()
  await expect(page).toHaveURL(/\/dashboard\/account$/)
  await page.goto('/login?redirect=https%3A%2F%2Fevil.example%2F')
  await waitForHydration(page)
  await expect(notice.getByRole('link')).toHaveAttribute('href', '/dashboard')
})

test('someone who gave the password but not the two-factor code is offered the code or a sign-out, not "signed in"', async ({
  page,
}) => {
  const user = await createTwoFactorUser('mfa-half-way')
  await signInWithPassword(page, user.email, user.password)
  await expect(page.getByLabel('Authentication code')).toBeVisible()

  // Back on /login later (a bookmark, the back button): the password step is done, not more.
  const notice = page.getByRole('status').filter({ hasText: 'You entered the password for' })
  for (const mode of ['signin', 'signup', 'magic', 'forgot']) {
    await page.goto(`/login?mode=${mode}&redirect=%2Fdashboard%2Faccount`)
    await waitForHydration(page)
    await expect(notice).toContainText(
      `You entered the password for ${user.email}, but not yet the code from your authenticator app. Your notes open once you do.`,
    )
    await expect(page.getByText('You are signed in as')).toHaveCount(0)
    await expect(notice.getByRole('link', { name: 'Open your notes' })).toHaveCount(0)
  }
  // Nor does the header say so, or offer a menu of an account not yet opened.
  await expect(page.getByTestId('account-sign-in')).toBeVisible()
  await expect(page.getByTestId('account-menu')).toHaveCount(0)
  expect(await axeViolationsInBothModes(page)).toEqual(NO_VIOLATIONS)
  // The rest of the step, with the way back kept.
  await notice.getByRole('link', { name: 'Enter your code' }).click()
  await expect(page).toHaveURL(/\/login\?mode=mfa&redirect=%2Fdashboard%2Faccount$/)
  await page.getByLabel('Authentication code').fill(user.totp.generate())
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/dashboard\/account$/)
  await expect(page.getByTestId('account-email')).toHaveText(user.email)
  await expect(page.getByTestId('account-menu')).toHaveAccessibleName(user.email)
})

test('a half-finished two-factor sign-in can be ended from the sign-in page', async ({ page }) => {
  const user = await createTwoFactorUser('mfa-half-way-out')
  await signInWithPassword(page, user.email, user.password)
  await expect(page.getByLabel('Authentication code')).toBeVisible()
  await page.goto('/login')
  await waitForHydration(page)
  const notice = page.getByRole('status').filter({ hasText: 'You entered the password for' })
  await notice.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible()
  await expect(notice).toHaveCount(0)
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('sb-'))),
  ).toEqual([])
  // Nothing half signed in is left: the dashboard sends the visitor to sign in, not to the step.
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
  await expect(page.getByRole('heading', { name: 'Sign in to Folio' })).toBeVisible()
})

test('a password found in a breach since it was chosen signs in, says so, and leads to changing it', async ({
  page,
}) => {
  const user = await createUser('breached-later')
  await breachPassword(user.password)
  await signInWithPassword(page, user.email, user.password)
  await expect(page.getByRole('heading', { name: 'You are signed in' })).toBeVisible()
  // The header knows it too, though the page stayed the sign-in page.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0)
  const notice = page.getByRole('status')
  await expect(notice).toContainText(
    'The password you signed in with has appeared in a data breach on another site. People who try leaked passwords could get into your Folio account with it. Choose a new one on your account page: it takes a minute.',
  )
  expect(await axeViolationsInBothModes(page)).toEqual(NO_VIOLATIONS)
  // Not now: the notes, as after any sign-in.
  await expect(notice.getByRole('link', { name: 'Not now, open your notes' })).toHaveAttribute(
    'href',
    '/dashboard',
  )
  await notice.getByRole('link', { name: 'Change your password' }).click()
  await expect(page).toHaveURL(/\/dashboard\/account$/)
  await page.getByLabel('New password', { exact: true }).fill('a-fresh-unbreached-password')
  await page.getByLabel('Repeat the new password').fill('a-fresh-unbreached-password')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page.getByText('Your password is changed.')).toBeVisible()
  expect(await passwordWorks(user.email, 'a-fresh-unbreached-password')).toBe(true)
})

test('after "Not now" on the breached-password notice, going Back does not bring the notice again', async ({
  page,
}) => {
  const user = await createUser('breached-not-now')
  await breachPassword(user.password)
  await page.goto('/about')
  await waitForHydration(page)
  await page.goto('/login')
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'You are signed in' })).toBeVisible()
  await page.getByRole('link', { name: 'Not now, open your notes' }).click()
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${user.email}`)

  // The notice was answered: Back leads to the page before signing in.
  await page.goBack()
  await expect(page).toHaveURL(/\/about\/?$/)
  await expect(page.getByText('has appeared in a data breach')).toHaveCount(0)
})

test('a two-factor user whose password was found in a breach is told after the code', async ({
  page,
}) => {
  const user = await createTwoFactorUser('breached-2fa')
  await breachPassword(user.password)
  await signInWithPassword(page, user.email, user.password)
  await page.getByLabel('Authentication code').fill(user.totp.generate())
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('heading', { name: 'You are signed in' })).toBeVisible()
  await expect(page.getByRole('status')).toContainText('has appeared in a data breach')
  await page.getByRole('link', { name: 'Not now, open your notes' }).click()
  await expect(page).toHaveURL(/\/dashboard\/?$/)
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${user.email}`)
})

test('the sign-in page says nothing about a session when there is none, nor while signing in', async ({
  page,
}) => {
  const notice = page.getByText('You are signed in as')
  await page.goto('/login')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Sign in to Folio' })).toBeVisible()
  await expect(notice).toHaveCount(0)

  // Signing in on the page itself moves on without the notice ever showing.
  const user = await createUser('signs-in-here')
  await page.evaluate(() => {
    const seen = new MutationObserver(() => {
      if (document.body.textContent?.includes('You are signed in as'))
        sessionStorage.setItem('notice-seen', '1')
    })
    seen.observe(document.body, { childList: true, subtree: true, characterData: true })
  })
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard\/?$/)
  expect(await page.evaluate(() => sessionStorage.getItem('notice-seen'))).toBeNull()
})

test('the two-factor step, whose session is only half signed in, does not say "signed in"', async ({
  page,
}) => {
  const notice = page.getByText('You are signed in as')
  const twoFactorUser = await createTwoFactorUser('mfa-no-notice')
  await signInWithPassword(page, twoFactorUser.email, twoFactorUser.password)
  const step = page.getByRole('region', { name: 'Two-factor authentication' })
  await expect(step.getByLabel('Authentication code')).toBeVisible()
  // Reloaded, the step hydrates with that session stored; leaving it for another account
  // removes the session, and the sign-in form it shows says nothing of one either.
  await page.reload()
  await waitForHydration(page)
  await expect(step.getByLabel('Authentication code')).toBeVisible()
  await expect(notice).toHaveCount(0)
  await step.getByRole('button', { name: 'Use another account' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in to Folio' })).toBeVisible()
  await expect(notice).toHaveCount(0)
})

test('a refused sign-in leaves the keyboard on the button it pressed, not at the top of the page', async ({
  page,
}) => {
  const user = await createUser('refused-focus')
  // A wrong password sent from the button, by keyboard: the button disables itself while the
  // service answers, and the browser then drops focus to the top of the page.
  await page.goto('/login')
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password').fill('not-the-password')
  const signInButton = page.getByRole('button', { name: 'Sign in', exact: true })
  await signInButton.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert')).toContainText('That email and password do not match')
  // Enter again tries again, as it could not from the top of the page.
  await expect(signInButton).toBeFocused()
})

test('a password the sign-up service refuses is marked at the password field, which gets the keyboard', async ({
  page,
}) => {
  // Found in a breach: the password field's fault. It is marked, says why and has the keyboard,
  // as after the form's own checks, not only a message at the top of the form.
  await page.goto('/login?mode=signup')
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('refused-breached'))
  const password = page.getByLabel('Password')
  await password.fill('password123')
  await page.getByRole('button', { name: 'Create account' }).focus()
  await page.keyboard.press('Enter')
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(password).toHaveAccessibleDescription(
    /That password has appeared in a data breach\. Choose a different one\./,
  )
  await expect(password).toBeFocused()
  await expect(page.getByLabel('Email', { exact: true })).not.toHaveAttribute(
    'aria-invalid',
    'true',
  )
})

test('a wrong two-factor code is marked at the code field, which says why and gets the keyboard', async ({
  page,
}) => {
  const user = await createTwoFactorUser('mfa-refused-focus')
  await signInWithPassword(page, user.email, user.password)
  const code = page.getByLabel('Authentication code')
  await code.fill(user.totp.generate() === '000000' ? '111111' : '000000')
  // Sent from the button, by keyboard: the button disables itself while the service answers.
  const verify = page.getByRole('button', { name: 'Verify', exact: true })
  await verify.focus()
  await page.keyboard.press('Enter')
  await expect(code).toHaveAttribute('aria-invalid', 'true')
  await expect(code).toHaveAccessibleDescription(/^That code did not match\./)
  await expect(code).toBeFocused()
  // Said once, at the field, not over the form as well.
  await expect(page.getByRole('alert')).toHaveCount(0)

  // The form's own check of a code too short is said at the field as well.
  await code.fill('123')
  await verify.click()
  await expect(code).toHaveAccessibleDescription(
    'Enter the 6-digit code from your authenticator app.',
  )
  await expect(code).toBeFocused()
  await code.fill(user.totp.generate())
  await code.press('Enter')
  await expect(page).toHaveURL(/\/dashboard\/?$/)
})

/** Signs in with an address not confirmed yet; the refusal, once it offers the email again. */
async function refusedAsUnconfirmed(page: Page, user: { email: string; password: string }) {
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  const refusal = page.getByRole('alert')
  await expect(refusal).toContainText(
    'Please confirm your email address first: open the link we sent you.',
  )
  await expect(refusal).toContainText(
    'No email, or its link has expired? Check your spam folder, or send it again.',
  )
  return refusal
}

test('an address not confirmed yet is refused at sign-in with its confirmation offered again, once a minute', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await createUser('unconfirmed-sign-in', { confirmed: false })
  const offerFetched: string[] = []
  page.on('request', (request) => {
    if (/\/SignUpEmailSent-[^/]*\.js$/.test(request.url())) offerFetched.push(request.url())
  })
  await page.goto('/login?redirect=%2Fdashboard')
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  // Not in the page's first load, nor among the later forms it fetches: only with the refusal.
  expect(offerFetched).toEqual([])
  const refusal = await refusedAsUnconfirmed(page, user)
  const again = refusal.getByRole('button', { name: 'send it again' })
  await again.focus()
  await page.keyboard.press('Enter')
  await expect(refusal).toContainText(`We sent the link to ${user.email} again.`)
  await expect(again).toBeFocused()
  const link = (await latestEmail(user.email, 'signup')).links[0] as string

  // One confirmation a minute, as after signing up. Asked from another browser: a refused
  // resend makes supabase-js drop the code verifier this one keeps for the link just sent.
  const elsewhere = await browser.newContext({ baseURL })
  const other = await elsewhere.newPage()
  await other.goto('/login')
  await waitForHydration(other)
  const otherRefusal = await refusedAsUnconfirmed(other, user)
  await otherRefusal.getByRole('button', { name: 'send it again' }).click()
  await expect(otherRefusal).toContainText(
    'We just sent you an email. Wait a minute before asking for another.',
  )
  await elsewhere.close()

  await page.goto(link)
  await expect(page).toHaveURL(/\/dashboard\/?$/)
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${user.email}`)
})
