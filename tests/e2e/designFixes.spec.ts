/**
 * Small things a visitor notices: where a page's title block starts, what the sign-up form
 * leaves on screen once it has done its job, a rule said once, and even padding in a notice.
 */
import type { Locator, Page } from '@playwright/test'
import { createUser, signIn, uniqueEmail } from './backend.ts'
import { blockStripeJs, routeStripeServices } from './billingFixtures.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

/** Pixels between the bottom of the site header and the top of the page's eyebrow label. */
async function eyebrowGap(page: Page, path: string): Promise<number> {
  await page.goto(path)
  const header = await page.locator('.site-header').boundingBox()
  const eyebrow = await page.locator('main .eyebrow').first().boundingBox()
  if (!header || !eyebrow) throw new Error(`no header or eyebrow on ${path}`)
  return eyebrow.y - (header.y + header.height)
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the changelog's label sits where every other page's does (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    const expected = await eyebrowGap(page, '/blog')
    expect(await eyebrowGap(page, '/about')).toBeCloseTo(expected, 0)
    expect(await eyebrowGap(page, '/changelog')).toBeCloseTo(expected, 0)
  })
}

test.describe('creating an account', () => {
  test('once sent, the form gives way to "check your email"; another address starts over', async ({
    page,
  }) => {
    const email = uniqueEmail('signup-sent')
    await page.goto('/login?mode=signup')
    await waitForHydration(page)
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password').fill('a-long-enough-password')
    await page.getByRole('button', { name: 'Create account' }).click()

    const sent = page.getByRole('heading', { name: 'Check your email' })
    await expect(sent).toBeVisible()
    await expect(sent).toBeFocused()
    await expect(page.getByText(`we sent a confirmation link to ${email}`)).toBeVisible()
    await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0)
    await expect(page.getByLabel('Password')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Create account' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Use another email' }).click()
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('')
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused()
    await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled()
  })

  test('the password rule is said once, also when it is broken', async ({ page }) => {
    await page.goto('/login?mode=signup')
    await waitForHydration(page)
    const rule = page.getByText(/at least 8 characters/i)
    await expect(rule).toHaveCount(1)

    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('short'))
    await page.getByLabel('Password').fill('short')
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible()
    await expect(rule).toHaveCount(1)
    // Still tied to the field for screen readers.
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
      'Use at least 8 characters.',
    )
  })

  test('a password longer than the auth service takes is refused here, in words', async ({
    page,
  }) => {
    const signUps: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/auth/v1/signup')) signUps.push(request.url())
    })
    await page.goto('/login?mode=signup')
    await waitForHydration(page)
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('long'))
    // What a password manager may make: 80 characters, more than bcrypt's 72 bytes.
    await page.getByLabel('Password').fill('x'.repeat(80))
    await page.getByRole('button', { name: 'Create account' }).click()
    const rule = 'Use at most 72 characters; an accented letter counts as two and an emoji as four.'
    await expect(page.getByText(rule)).toBeVisible()
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(rule)
    expect(signUps).toEqual([])
  })
})

/** The space inside `box` above its first child and below its last one. */
async function innerSpace(box: Locator): Promise<{ top: number; bottom: number }> {
  return box.evaluate((element) => {
    const outer = element.getBoundingClientRect()
    const style = getComputedStyle(element)
    const first = (element.firstElementChild as Element).getBoundingClientRect()
    const last = (element.lastElementChild as Element).getBoundingClientRect()
    return {
      top: first.top - outer.top - parseFloat(style.borderTopWidth),
      bottom: outer.bottom - last.bottom - parseFloat(style.borderBottomWidth),
    }
  })
}

test('the checkout error box is padded evenly', async ({ page }) => {
  await blockStripeJs(page)
  await routeStripeServices(page)
  await signIn(page, await createUser('checkout-box'), '/subscribe/stripe?plan=pro&interval=year')
  const problem = page.getByRole('alert')
  await expect(problem).toContainText("Stripe's secure checkout could not be loaded")
  const { top, bottom } = await innerSpace(problem)
  expect(top).toBeCloseTo(bottom, 0)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('"check your email" breaks a long address after its @ or a dot, never at a hyphen', async ({
    page,
  }) => {
    // first-name.last-name-…@example-company.com: hyphens in both halves, too long for one line.
    const email = uniqueEmail('first-name.last-name').replace(
      '@example.com',
      '@example-company.com',
    )
    await page.goto('/login?mode=signup')
    await waitForHydration(page)
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password').fill('a-long-enough-password')
    await page.getByRole('button', { name: 'Create account' }).click()
    const sentence = page.getByText(`we sent a confirmation link to ${email}`)
    await expect(sentence).toBeVisible()
    // Each of the address's characters with the top of the line it is drawn on.
    const lineEnds = await sentence.evaluate((paragraph, address) => {
      const characters: { character: string; top: number }[] = []
      const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let index = 0; index < (node.textContent ?? '').length; index += 1) {
          const range = document.createRange()
          range.setStart(node, index)
          range.setEnd(node, index + 1)
          const rect = range.getClientRects()[0]
          characters.push({ character: node.textContent![index]!, top: rect ? rect.top : NaN })
        }
      }
      const start = characters
        .map(({ character }) => character)
        .join('')
        .indexOf(address)
      const inAddress = characters.slice(start, start + address.length)
      return inAddress
        .slice(0, -1)
        .filter(({ top }, index) => inAddress[index + 1]!.top > top + 1)
        .map(({ character }) => character)
    }, email)
    expect(lineEnds.length, 'the address takes more than one line').toBeGreaterThan(0)
    for (const end of lineEnds)
      expect(['@', '.'], `a line of the address ends in "${end}"`).toContain(end)
  })

  test('a sign-in screen’s title wrapped on a phone leaves no word alone on a line', async ({
    page,
  }) => {
    for (const address of [
      // "We could not sign you / in"
      '/confirm#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      // "Create your Folio / account"
      '/login?mode=signup',
    ]) {
      await page.goto('/about')
      await page.goto(address)
      await waitForHydration(page)
      const heading = page.getByRole('heading', { level: 1 })
      await expect(heading).not.toHaveText(/…$/)
      const widths = await heading.evaluate((element) => {
        const range = document.createRange()
        range.selectNodeContents(element)
        const lines = new Map<number, number>()
        for (const rect of range.getClientRects()) {
          const top = Math.round(rect.top)
          lines.set(top, (lines.get(top) ?? 0) + rect.width)
        }
        return [...lines.values()]
      })
      expect(widths.length, address).toBeGreaterThan(1)
      // Balanced: the shortest line is at least half the longest.
      expect(Math.min(...widths) / Math.max(...widths), address).toBeGreaterThan(0.5)
    }
  })
})
