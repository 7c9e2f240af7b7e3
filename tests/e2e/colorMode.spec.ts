import { expect, headerLink, test, waitForHydration } from './fixtures.ts'

test('the chosen colour mode persists across reloads and applies before paint', async ({
  page,
}) => {
  await page.goto('/about')
  await waitForHydration(page)
  const toggle = page.locator('.color-mode-toggle')
  await expect(toggle).toHaveAttribute('data-preference', 'system')
  await toggle.click() // light
  await toggle.click() // dark
  await expect(toggle).toHaveAttribute('data-preference', 'dark')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)

  // The inline head script must set the class before any page script runs.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      ;(window as unknown as { __classAtDomReady?: string }).__classAtDomReady =
        document.documentElement.className
    })
  })
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.reload()
  expect(
    await page.evaluate(
      () => (window as unknown as { __classAtDomReady?: string }).__classAtDomReady,
    ),
  ).toContain('dark')
  await page.unroute('**/assets/*.js')
  await page.reload()
  await waitForHydration(page)
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(page.locator('.color-mode-toggle')).toHaveAttribute('data-preference', 'dark')
})

test('system mode follows prefers-color-scheme live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/blog')
  await waitForHydration(page)
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(page.locator('html')).toHaveClass(/\blight\b/)
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
})

test('a forced-light page stays light in dark mode, and the next page is dark again', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/pricing')
  await expect(page.locator('html')).toHaveClass(/\blight\b/)
  await waitForHydration(page)
  await expect(page.locator('html')).toHaveClass(/\blight\b/)
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  // The toggle shows the page's mode and takes no click here, rather than cycling to "Dark"
  // on a page that stays white; it says why, and the choice still works on the next page.
  const toggle = page.locator('.color-mode-toggle')
  await expect(toggle).toHaveText('☀Light')
  await expect(toggle).toHaveAttribute('aria-disabled', 'true')
  await expect(toggle).toHaveAccessibleName(/This page is always light/)
  await toggle.click({ force: true }) // past Playwright's own wait for an enabled control
  await expect(toggle).toHaveAttribute('data-preference', 'system')
  await headerLink(page, 'Blog').click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(toggle).toHaveText('◐System')
  await expect(toggle).not.toHaveAttribute('aria-disabled')
  await headerLink(page, 'Changelog').click()
  await expect(page.locator('html')).toHaveClass(/\blight\b/)
})
