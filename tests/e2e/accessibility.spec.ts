import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { routeRules } from '../../src/routeRules'
import { createUser, latestEmail, signIn } from './backend'
import { expect, test, waitForHydration } from './fixtures'
import { SITE_PAGES, UNKNOWN_PATH } from './sitePages'
import { createTwoFactorUser } from './twoFactor'

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}

const guarded = new Set(routeRules.filter((rule) => rule.guarded).map((rule) => rule.path))
const pages = [
  ...SITE_PAGES.map((sitePage) => sitePage.path).filter((path) => !guarded.has(path)),
  // A post with code in every token colour and a task list.
  '/blog/writing-runbooks-that-work',
  UNKNOWN_PATH,
]

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility in ${colorScheme} mode`, () => {
    test.use({ colorScheme })
    for (const path of pages) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path)
        await waitForHydration(page)
        expect(await axeViolations(page)).toEqual([])
      })
    }

    test('the signed-in dashboard has no axe violations', async ({ page }) => {
      await signIn(page, await createUser(`axe-${colorScheme}`))
      await expect(page.getByTestId('signed-in-as')).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })

    test('the account page (its settings cards) has no axe violations', async ({ page }) => {
      await signIn(page, await createUser(`axe-account-${colorScheme}`), '/dashboard/account')
      await expect(page.getByRole('button', { name: 'Set up two-factor' })).toBeVisible()
      await expect(page.getByTestId('account-plan')).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })

    test('the two-factor code steps (sign-in, password reset) have no axe violations', async ({
      page,
    }) => {
      const user = await createTwoFactorUser(`axe-2fa-${colorScheme}`)
      await page.goto('/login?mode=forgot')
      await waitForHydration(page)
      await page.getByLabel('Email', { exact: true }).fill(user.email)
      await page.getByRole('button', { name: 'Email me a reset link' }).click()
      await page.goto((await latestEmail(user.email, 'recovery')).links[0] as string)
      await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password')
      await page.getByLabel('Repeat the new password').fill('a-brand-new-password')
      await page.getByRole('button', { name: 'Save new password' }).click()
      await page.getByLabel('Authentication code').fill('000000')
      await page.keyboard.press('Enter')
      await expect(page.getByRole('alert')).toBeVisible()
      expect(await axeViolations(page)).toEqual([])

      await page.context().clearCookies()
      await page.evaluate(() => localStorage.clear())
      await page.goto('/login')
      await waitForHydration(page)
      await page.getByLabel('Email', { exact: true }).fill(user.email)
      await page.getByLabel('Password').fill(user.password)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await expect(page.getByLabel('Authentication code')).toBeFocused()
      expect(await axeViolations(page)).toEqual([])
    })
  })
}

test('every interactive element on the landing page is reachable by keyboard with a visible focus', async ({
  page,
}) => {
  await page.goto('/')
  await waitForHydration(page)
  const seen = new Set<string>()
  for (let step = 0; step < 25; step += 1) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      if (!element || element === document.body) return null
      const style = getComputedStyle(element)
      return {
        label: `${element.tagName}:${element.textContent?.trim().slice(0, 30)}`,
        outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
      }
    })
    if (!focused) continue
    expect(focused.outline, `${focused.label} shows focus`).toBe(true)
    seen.add(focused.label)
  }
  expect([...seen]).toEqual(
    expect.arrayContaining(['A:Skip to content', 'A:Pricing', 'A:Start free']),
  )
})

test('signing in works with the keyboard alone', async ({ page }) => {
  const user = await createUser('keyboard')
  await page.goto('/login?redirect=%2Fdashboard')
  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).focus()
  await page.keyboard.type(user.email)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Password')).toBeFocused()
  await page.keyboard.type(user.password)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('signed-in-as')).toBeVisible()
})
