import { expect, test, waitForHydration } from './fixtures.ts'

test('the yearly switch names its saving as words apart from the label', async ({ page }) => {
  await page.goto('/pricing')
  await expect(page.getByRole('radio', { name: /^Yearly\W+save \d+%$/ })).toBeAttached()
})

test('both plan cards read name, price, what you get, then the action', async ({ page }) => {
  await page.goto('/pricing')
  await waitForHydration(page)
  for (const name of ['Free', 'Pro']) {
    const card = page.getByRole('article', { name })
    const order = await card.evaluate((element) =>
      [...element.children]
        .filter((child) => getComputedStyle(child).display !== 'none')
        .map((child) =>
          child.matches('h2')
            ? 'name'
            : child.matches('.plan__price')
              ? 'price'
              : child.matches('a.button')
                ? 'action'
                : 'text',
        ),
    )
    expect(order, name).toEqual(['name', 'price', 'text', 'action'])
  }
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test("the comparison's plan values stay on one line", async ({ page }) => {
    await page.goto('/pricing')
    const lines = await page.getByRole('cell', { name: /^Up to \d+$/ }).evaluate((cell) => {
      const range = document.createRange()
      range.selectNodeContents(cell)
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
    })
    expect(lines).toBe(1)
  })

  test('a question that wraps continues under its first word, not under the triangle', async ({
    page,
  }) => {
    await page.goto('/pricing')
    const summary = page.locator('.faq summary', { hasText: 'if I cancel?' })
    const { lines, textLefts } = await summary.evaluate((element) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0)
      return {
        lines: new Set(rects.map((rect) => Math.round(rect.top))).size,
        textLefts: [...new Set(rects.map((rect) => Math.round(rect.left)))],
      }
    })
    expect(lines).toBeGreaterThan(1)
    expect(textLefts).toHaveLength(1)
  })
})
