import type { Page } from '@playwright/test'
import { createUser, latestEmail, signIn, uniqueEmail } from './backend.ts'
import { insertDocument } from './dashboardHelpers.ts'
import { axeViolationsInBothModes, NO_VIOLATIONS } from './axe.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { GUARDED_PATHS, SITE_PAGES, UNKNOWN_PATH } from './sitePages.ts'
import { createTwoFactorUser } from './twoFactor.ts'

const pages = [
  ...SITE_PAGES.map((sitePage) => sitePage.path).filter((path) => !GUARDED_PATHS.has(path)),
  // A post with code in every token colour and a task list.
  '/blog/writing-runbooks-that-work',
  UNKNOWN_PATH,
]

test.describe('accessibility in light and dark mode', () => {
  for (const path of pages) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path)
      await waitForHydration(page)
      expect(await axeViolationsInBothModes(page)).toEqual(NO_VIOLATIONS)
    })
  }

  test("sign-up's 'Check your email' has no axe violations", async ({ page }) => {
    await page.goto('/login?mode=signup')
    await waitForHydration(page)
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('axe-sent'))
    await page.getByLabel('Password').fill('a-long-enough-password')
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
    expect(await axeViolationsInBothModes(page)).toEqual(NO_VIOLATIONS)
  })

  test('the signed-in dashboard has no axe violations', async ({ page }) => {
    await signIn(page, await createUser('axe'))
    await expect(page.getByTestId('signed-in-as')).toBeVisible()
    expect(await axeViolationsInBothModes(page)).toEqual(NO_VIOLATIONS)
  })

  test('the account page (its settings cards) has no axe violations', async ({ page }) => {
    await signIn(page, await createUser('axe-account'), '/dashboard/account')
    await expect(page.getByRole('button', { name: 'Set up two-factor' })).toBeVisible()
    await expect(page.getByTestId('account-plan')).toBeVisible()
    expect(await axeViolationsInBothModes(page)).toEqual(NO_VIOLATIONS)
  })

  test('the sign-out question about unsaved text has no axe violations', async ({ page }) => {
    const user = await createUser('axe-sign-out-question')
    await signIn(page, user, '/dashboard/account')
    // A draft the dashboard could not save, as its draft store keeps it (localDrafts.ts).
    await page.evaluate(
      (userId) =>
        new Promise<void>((resolve, reject) => {
          const opening = indexedDB.open('folio-drafts', 2)
          opening.onupgradeneeded = () => {
            opening.result.createObjectStore('drafts', { keyPath: ['userId', 'documentId'] })
            opening.result.createObjectStore('bases', {
              keyPath: ['userId', 'documentId', 'version'],
            })
          }
          opening.onerror = () => reject(opening.error)
          opening.onsuccess = () => {
            const transaction = opening.result.transaction('drafts', 'readwrite')
            transaction.objectStore('drafts').put({
              userId,
              documentId: 'doc-1',
              body: 'Unsaved.',
              keptAt: Date.now(),
              baseVersion: 1,
            })
            transaction.oncomplete = () => {
              opening.result.close()
              resolve()
            }
          }
        }),
      user.id,
    )
    await page.getByRole('button', { name: 'Sign out of this device' }).click()
    await expect(page.getByRole('dialog', { name: 'Unsaved changes on this device' })).toBeVisible()
    expect(await axeViolationsInBothModes(page)).toEqual(NO_VIOLATIONS)
  })

  // Two tests, not one: each step is a long flow with axe run twice, and together they came
  // close to the 30 s limit on a loaded machine.
  test("the password reset's two-factor code step has no axe violations", async ({ page }) => {
    const user = await createTwoFactorUser('axe-2fa-reset')
    await page.goto('/login?mode=forgot')
    await waitForHydration(page)
    await page.getByLabel('Email', { exact: true }).fill(user.email)
    await page.getByRole('button', { name: 'Email me a reset link' }).click()
    await page.goto((await latestEmail(user.email, 'recovery')).links[0] as string)
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password')
    await page.getByLabel('Repeat the new password').fill('a-brand-new-password')
    await page.getByRole('button', { name: 'Save new password' }).click()
    const code = page.getByLabel('Authentication code')
    await code.fill('000000')
    await page.keyboard.press('Enter')
    // Checked with the refused code marked at its field.
    await expect(code).toHaveAttribute('aria-invalid', 'true')
    expect(await axeViolationsInBothModes(page)).toEqual(NO_VIOLATIONS)
  })

  test('the refusal of an address not confirmed yet, with its offer to send the email again, has no axe violations', async ({
    page,
  }) => {
    const user = await createUser('axe-unconfirmed', { confirmed: false })
    await page.goto('/login')
    await waitForHydration(page)
    await page.getByLabel('Email', { exact: true }).fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('alert').getByRole('button', { name: 'send it again' }).click()
    await expect(page.getByRole('alert')).toContainText(`We sent the link to ${user.email} again.`)
    expect(await axeViolationsInBothModes(page)).toEqual(NO_VIOLATIONS)
  })

  test("sign-in's two-factor code step has no axe violations", async ({ page }) => {
    const user = await createTwoFactorUser('axe-2fa-sign-in')
    await page.goto('/login')
    await waitForHydration(page)
    await page.getByLabel('Email', { exact: true }).fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByLabel('Authentication code')).toBeFocused()
    expect(await axeViolationsInBothModes(page)).toEqual(NO_VIOLATIONS)
  })
})

interface Stop {
  label: string
  ringVisible: boolean
}

/** Presses Tab up to `count` times from the top of the page, noting each focused control. */
async function tabThrough(page: Page, count: number): Promise<Stop[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  const stops: Stop[] = []
  for (let step = 0; step < count; step += 1) {
    await page.keyboard.press('Tab')
    // Past the last control focus leaves the page (the body): the walk is over.
    if (await page.evaluate(() => document.activeElement === document.body)) break
    stops.push(
      await page.evaluate(() => {
        const element = document.activeElement as HTMLElement
        const style = getComputedStyle(element)
        const label =
          element.getAttribute('aria-label') ??
          (element as HTMLInputElement).labels?.[0]?.textContent ??
          element.textContent ??
          ''
        return {
          label: label.replace(/\s+/g, ' ').trim(),
          ringVisible:
            (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
            style.boxShadow !== 'none',
        }
      }),
    )
  }
  return stops
}

/** How many visible controls of `scope` Tab should reach. */
async function controlsIn(page: Page, scope: string): Promise<number> {
  return page
    .locator(
      `${scope} :is(a[href], button:not([disabled]), input:not([type=hidden]), textarea, select, [tabindex="0"], [contenteditable="true"])`,
    )
    .filter({ visible: true })
    .count()
}

test.describe('keyboard only, on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the header, then the landing page: every stop in reading order with a visible ring', async ({
    page,
  }) => {
    await page.goto('/')
    await waitForHydration(page)
    const stops = await tabThrough(page, 9 + (await controlsIn(page, 'main')))
    expect(stops.slice(0, 9).map((stop) => stop.label)).toEqual([
      'Skip to content',
      'Folio home',
      'Product',
      'Pricing',
      'Blog',
      'Changelog',
      'About',
      // The landing page is always light: the colour-mode control says so instead.
      expect.stringContaining('This page is always light'),
      'Sign in',
    ])
    expect(stops.map((stop) => stop.label)).toContain('Start free')
    expect(stops.filter((stop) => !stop.ringVisible)).toEqual([])
  })

  test('/login: the tabs, email, password, then Enter signs in', async ({ page }) => {
    const user = await createUser('keyboard-login')
    await page.goto('/login?redirect=%2Fdashboard')
    await waitForHydration(page)
    const stops = await tabThrough(page, 12 + (await controlsIn(page, 'main')))
    const labels = stops.map((stop) => stop.label)
    // The header's stops first (skip link … colour mode, its 'Sign in' link), then the page's.
    const ownStops = labels.slice(labels.findIndex((label) => label.includes('Colour mode')) + 1)
    expect(ownStops.slice(0, 8)).toEqual([
      'Sign in',
      'Sign in',
      'Create account',
      'Email me a link',
      'Forgot password',
      'Email',
      'Password',
      'Sign in',
    ])
    expect(stops.filter((stop) => !stop.ringVisible)).toEqual([])

    await page.getByLabel('Email', { exact: true }).focus()
    await page.keyboard.type(user.email)
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Password')).toBeFocused()
    await page.keyboard.type(user.password)
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('signed-in-as')).toBeVisible()
  })

  test('the dashboard: Tab reaches every control, each with a visible ring', async ({ page }) => {
    const user = await createUser('keyboard-dashboard')
    await insertDocument(user, { title: 'Keyboard notes', body: '# Keyboard notes\n\nHello.' })
    await signIn(page, user)
    await expect(page.getByRole('link', { name: /^Keyboard notes/ })).toBeVisible()
    const stops = await tabThrough(page, 12 + (await controlsIn(page, 'main')))
    const labels = stops.map((stop) => stop.label)
    expect(labels).toEqual(
      expect.arrayContaining([
        'New document',
        'Export all (.zip)',
        'Import…',
        'Search documents by title',
      ]),
    )
    expect(labels.some((label) => label.startsWith('Keyboard notes'))).toBe(true)
    expect(stops.filter((stop) => !stop.ringVisible)).toEqual([])
  })
})
