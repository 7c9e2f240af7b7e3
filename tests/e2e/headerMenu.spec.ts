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
