import type { Locator } from '@playwright/test'
import { createUser, signIn } from './backend.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

test.describe('the header on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('is one row, with the navigation behind a menu button', async ({ page }) => {
    await page.goto('/blog')
    await waitForHydration(page)
    const header = page.locator('.site-header')
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(64)
    const brand = await page.getByRole('link', { name: 'Folio home' }).boundingBox()
    expect(brand?.y).toBeGreaterThanOrEqual(12)
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
  })

  test('opens as a disclosure, keeps focus inside while open, and Escape closes it', async ({
    page,
  }) => {
    await page.goto('/blog')
    await waitForHydration(page)
    const button = page.getByRole('button', { name: 'Menu' })
    await button.focus()
    await page.keyboard.press('Enter')
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav).toBeVisible()

    // Five links and the colour-mode toggle, then back to the button: focus never leaves.
    const visited: string[] = []
    for (let step = 0; step < 7; step += 1) {
      await page.keyboard.press('Tab')
      visited.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''))
    }
    expect(visited.slice(0, 5)).toEqual(['Product', 'Pricing', 'Blog', 'Changelog', 'About'])
    expect(visited[5]).toContain('System')
    expect(visited[6]).toContain('Menu')
    await page.keyboard.press('Shift+Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toContain(
      'System',
    )

    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()
    await expect(button).toBeFocused()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  test('signed in with a long address, the account button stays one line beside the menu button', async ({
    page,
  }) => {
    // Once the address itself was the button's label: three lines tall on a phone.
    const user = await createUser('someone-with-a-long-work-address')
    await signIn(page, user, '/dashboard/account')
    const account = page.getByTestId('account-menu')
    await expect(account).toBeVisible()
    const header = page.locator('.site-header')
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(64)
    const menuButton = await page.getByRole('button', { name: 'Menu' }).boundingBox()
    const button = await account.boundingBox()
    expect(button?.height).toBeLessThanOrEqual(menuButton?.height ?? 0)
    expect(button?.y).toBeCloseTo(menuButton?.y ?? 0, 0)
    // Who is signed in is still said, in full, to assistive technology and inside the menu.
    await expect(account).toHaveAccessibleName(user.email)
    await account.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('account-menu-email')).toHaveText(user.email)
    await expect(page.getByRole('menuitem', { name: 'Account settings' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menuitem')).toHaveCount(0)
    await expect(account).toBeFocused()
    // Escape from an item inside the menu brings focus back to the button, not to the page.
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: 'Account settings' }).focus()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menuitem')).toHaveCount(0)
    await expect(account).toBeFocused()
  })

  test('following a link closes the menu', async ({ page }) => {
    await page.goto('/blog')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Menu' }).click()
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pricing' })
      .click()
    await expect(page).toHaveURL(/\/pricing$/)
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  })
})

test('on a wide screen the navigation sits in the header row and there is no menu button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/blog')
  await waitForHydration(page)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
})

test('just wide enough for the navigation in the row, a long address is cut short inside it', async ({
  page,
}) => {
  // 52.5rem: the narrowest width with the navigation, the colour-mode toggle and the address.
  await page.setViewportSize({ width: 840, height: 800 })
  const user = await createUser('someone-with-a-long-work-address')
  await signIn(page, user, '/dashboard/account')
  const account = page.getByTestId('account-menu')
  await expect(account).toBeVisible()
  const button = await account.boundingBox()
  const toggle = await page
    .getByRole('banner')
    .getByRole('button', { name: /Colour mode/ })
    .boundingBox()
  expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(840 - 20)
  expect(button?.x).toBeGreaterThan((toggle?.x ?? 0) + (toggle?.width ?? 0))
  // One line: no taller than the toggle beside it.
  expect(button?.height).toBeLessThanOrEqual(toggle?.height ?? 0)
  await expect(account.locator('.account-menu__label')).toHaveText(user.email)
  expect(
    await account
      .locator('.account-menu__label')
      .evaluate((label) => label.scrollWidth > label.clientWidth),
  ).toBe(true)
})

/**
 * Opens a menu by clicking `opener` and, in the very next frame (before the page's effects have
 * run: a quick keyboard user's pace), presses Escape on the first element matching `target`.
 * Whether anything still matches `openMark` a moment later.
 */
function stillOpenAfterQuickEscape(opener: Locator, target: string, openMark: string) {
  return opener.evaluate(
    (button, [target, openMark]) =>
      new Promise<boolean>((resolve) => {
        ;(button as HTMLElement).click()
        requestAnimationFrame(() => {
          const focused = document.querySelector<HTMLElement>(target)
          if (!focused) throw new Error(`nothing matches ${target}: the menu did not open`)
          focused.focus()
          focused.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
          setTimeout(() => resolve(document.querySelector(openMark) !== null), 100)
        })
      }),
    [target, openMark] as const,
  )
}

test('Escape closes the account menu even straight after it opened', async ({ page }) => {
  await signIn(page, await createUser('quick-escape'), '/dashboard/account')
  const account = page.getByTestId('account-menu')
  expect(await stillOpenAfterQuickEscape(account, '[role="menuitem"]', '[role="menuitem"]')).toBe(
    false,
  )
  await expect(account).toBeFocused()
})

test('Escape closes the phone menu even straight after it opened', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/blog')
  await waitForHydration(page)
  const button = page.getByRole('button', { name: 'Menu' })
  expect(await stillOpenAfterQuickEscape(button, '#site-menu a', '#site-menu[data-open]')).toBe(
    false,
  )
  await expect(button).toBeFocused()
})

test('a visitor who never signed in gets the sign-in link without the account menu’s code; a sign-in in another tab still shows', async ({
  context,
}) => {
  const page = await context.newPage()
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto('/about')
  await waitForHydration(page)
  await page.waitForTimeout(1_500) // the menu loaded right after hydration before
  await expect(page.getByTestId('account-sign-in')).toBeVisible()
  expect(scripts.filter((script) => /AccountMenu|useAuthState|authState/.test(script))).toEqual([])

  // Signed in from a second tab: the first tab's header follows without a reload.
  const user = await createUser('header-other-tab')
  const other = await context.newPage()
  await signIn(other, user, '/dashboard')
  await expect(page.getByTestId('account-menu')).toBeVisible()
  await expect(page.getByTestId('account-sign-in')).toHaveCount(0)
})

test('the account menu is used with the arrow keys, as a menu button announces', async ({
  page,
}) => {
  const user = await createUser('account-menu-arrows')
  await signIn(page, user, '/dashboard/account')
  const account = page.getByTestId('account-menu')
  await expect(account).toHaveAttribute('aria-haspopup', 'menu')
  const item = (name: string) => page.getByRole('menuitem', { name })
  await account.focus()
  await page.keyboard.press('Enter')
  // In the menu, not left on its button with arrows that do nothing.
  await expect(item('Your notes')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(item('Account settings')).toBeFocused()
  await page.keyboard.press('End')
  await expect(item('Sign out')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(item('Your notes')).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(item('Sign out')).toBeFocused()
  await page.keyboard.press('Home')
  await expect(item('Your notes')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(account).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(item('Your notes')).toBeFocused()
})
