/**
 * A prerendered form is on screen before the app that handles it: hydration waits for the
 * first paint and then for the page's scripts (docs/decisions/0036), a second or more on a slow
 * phone. A form the browser submitted by itself in that time went to the page's own address:
 * the sign-in form as a GET, its email and password in the URL (the CDN's logs, the history, the
 * next request's Referer), the contact form as a POST the static host refuses, the message gone.
 * Here the app's entry is held back, so the page stays as prerendered until the test lets it go.
 * Last, fields filled without an event the app hears: the form sends what they hold.
 */
import type { Page } from '@playwright/test'
import { createUser, uniqueEmail } from './backend.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

/** Holds the app's entry script back until the returned function is called. */
async function holdHydration(page: Page): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** The documents the page navigates to from now on (method and path with its query). */
function navigations(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return
    const url = new URL(request.url())
    seen.push(`${request.method()} ${url.pathname}${url.search}`)
  })
  return seen
}

test('the sign-in form sends nothing before the app can, and signs in with what was typed once it can', async ({
  page,
}) => {
  const user = await createUser('before-hydration')
  const release = await holdHydration(page)
  const documents = navigations(page)
  await page.goto('/login')
  const password = page.getByLabel('Password')
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true })
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await password.fill(user.password)
  // Enter in a field, then a click on the button, as someone in a hurry (or a password
  // manager) would.
  await password.press('Enter')
  await signIn.click({ force: true })
  await page.waitForTimeout(500)
  expect(documents).toEqual(['GET /login'])
  expect(page.url()).not.toContain(encodeURIComponent(user.password))

  release()
  await waitForHydration(page)
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email)
  await expect(password).toHaveValue(user.password)
  await signIn.click()
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard')
  expect(documents).toEqual(['GET /login'])
})

test("a sign-up link's form keeps what was typed while the page turns from sign-in to sign-up", async ({
  page,
}) => {
  // /login is prerendered in its sign-in mode; a link to ?mode=signup (the landing's "Start
  // free") shows that form until hydration follows the address. The form was remounted then.
  const release = await holdHydration(page)
  await page.goto('/login?mode=signup')
  const email = uniqueEmail('typed-early-signup')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password').fill('correct-horse-battery-staple')

  release()
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your Folio account')
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText(`we sent a confirmation link to ${email}`)).toBeVisible()
})

test('the contact form posts nothing to the site before the app can, and sends what was typed once it can', async ({
  page,
}) => {
  const release = await holdHydration(page)
  const documents = navigations(page)
  await page.goto('/contact')
  await page.getByLabel('Name').fill('Early Bird')
  await page.getByLabel('Email').fill('early-bird@example.com')
  await page.getByLabel('Message').fill('Typed before the page could send it.')
  const send = page.getByRole('button', { name: 'Send message' })
  await send.click({ force: true })
  await page.waitForTimeout(500)
  expect(documents).toEqual(['GET /contact'])

  release()
  await waitForHydration(page)
  await expect(page.getByLabel('Message')).toHaveValue('Typed before the page could send it.')
  await send.click()
  await expect(page).toHaveURL(/\/success\?from=contact$/)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the sign-in page says why it cannot sign in, and sends nothing', async ({ page }) => {
    const documents = navigations(page)
    await page.goto('/login')
    // Playwright's text matching passes over <noscript>; its paragraph is read as the DOM has it.
    const notice = page.locator('main noscript > p')
    await expect(notice).toBeVisible()
    expect(await notice.textContent()).toContain('Signing in needs JavaScript')
    await page.getByLabel('Email', { exact: true }).fill('someone@example.com')
    await page.getByLabel('Password').fill('a password nobody should see')
    await page.getByLabel('Password').press('Enter')
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled()
    await page.waitForTimeout(300)
    expect(documents).toEqual(['GET /login'])
  })
})

test('the security headers let no form of the site be submitted by the browser itself', async ({
  page,
}) => {
  // The backstop behind the disabled buttons: the app sends every form with fetch, so the
  // policy allows no form submission at all (form-action 'none'). form.submit() skips the
  // app's handler and the button, as a prerendered form without either would be sent.
  const documents = navigations(page)
  await page.goto('/login')
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill('someone@example.com')
  await page.getByLabel('Password').fill('a password nobody should see')
  await page.locator('form').evaluate((form: HTMLFormElement) => form.submit())
  await page.waitForTimeout(500)
  expect(documents).toEqual(['GET /login'])
  expect(page.url()).not.toContain('password')
})

test('fields filled without an input event (a password manager, the browser autofilling on load) still sign in', async ({
  page,
}) => {
  const user = await createUser('filled-silently')
  await page.goto('/login')
  await waitForHydration(page)
  // Values set the way some fillers set them: straight into the fields, no event the app hears.
  await page.evaluate(
    ([email, password]) => {
      ;(document.getElementById('field-email') as HTMLInputElement).value = email
      ;(document.getElementById('field-password') as HTMLInputElement).value = password
    },
    [user.email, user.password] as const,
  )
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard')
})
