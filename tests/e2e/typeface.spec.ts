/**
 * One typeface on every page, on every visit: each page below is opened in a fresh browser
 * context (an empty HTTP cache and storage, a first visit) and the fonts Chromium really used
 * to draw its heading and body text are read back through the DevTools protocol, which names
 * the font file behind the glyphs, not the CSS that asked for it.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { createUser, signIn } from './backend.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { layoutShifts, recordLayoutShifts } from './layoutShifts.ts'

/** The platform fonts that drew the text of the first element matching `selector`. */
async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  const session = await page.context().newCDPSession(page)
  try {
    await session.send('DOM.enable')
    await session.send('CSS.enable')
    const { root } = await session.send('DOM.getDocument', { depth: 0 })
    const { nodeId } = await session.send('DOM.querySelector', { nodeId: root.nodeId, selector })
    if (!nodeId) throw new Error(`nothing matches ${selector}`)
    const { fonts } = await session.send('CSS.getPlatformFontsForNode', { nodeId })
    return fonts.map((font) => font.familyName)
  } finally {
    await session.detach()
  }
}

/** After load, with every font the page asked for settled. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load')
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

/** Hydrated (so the first paint is long past) and the fonts settled. */
async function settleHydrated(page: Page): Promise<void> {
  await waitForHydration(page)
  await settle(page)
}

async function expectInter(page: Page, selectors: string[]): Promise<void> {
  for (const selector of selectors) {
    // The first match must have drawn its text: on a loaded machine the dashboard's list may
    // still be loading once hydration and the fonts have settled (no text, no fonts to read).
    await expect(page.locator(selector).first()).toHaveText(/\S/)
    const used = await renderedFonts(page, selector)
    expect(used, `fonts of ${selector}`).toContain('Inter')
    // Nothing drawn in a fallback (a <code> inside the text may bring in the code face).
    expect(
      used.filter((family) => family !== 'Inter' && family !== 'JetBrains Mono'),
      `fallback fonts in ${selector}`,
    ).toEqual([])
  }
  expect(await page.evaluate(() => document.fonts.check('16px Inter'))).toBe(true)
}

/** The page's first line of running text (a paragraph, a field's label or a list item). */
const BODY_TEXT = 'main :is(p, label, li)'

const publicPages = [
  '/',
  '/home',
  '/about',
  '/blog',
  '/blog/introducing-folio',
  '/changelog',
  '/contact',
  '/pricing',
  '/terms',
  '/login',
  '/confirm',
  '/success',
  '/no-such-page',
]

test.describe('one typeface on a first visit', () => {
  for (const path of publicPages) {
    test(`${path} is drawn in Inter`, async ({ page }) => {
      await page.goto(path)
      await settleHydrated(page)
      await expectInter(page, ['h1', BODY_TEXT])
    })
  }

  test('the dashboard, opened with a signed-in session and an empty cache, is drawn in Inter', async ({
    browser,
  }) => {
    const signingIn = await browser.newContext()
    const signInPage = await signingIn.newPage()
    await signIn(signInPage, await createUser('typeface'))
    const storageState = await signingIn.storageState()
    await signingIn.close()

    let fresh: BrowserContext | undefined
    try {
      fresh = await browser.newContext({ storageState })
      const page = await fresh.newPage()
      await page.goto('/dashboard')
      await expect(page.getByTestId('signed-in-as')).toBeVisible()
      await settleHydrated(page)
      await expectInter(page, ['[data-testid="signed-in-as"]', BODY_TEXT])
    } finally {
      await fresh?.close()
    }
  })

  test('later pages and visits draw Inter from the first paint, before any module script', async ({
    page,
  }) => {
    await page.goto('/about')
    await settleHydrated(page)
    // Only the inline head script runs on the next page load: the flag it reads is enough.
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto('/pricing')
    await settle(page)
    await expectInter(page, ['h1', BODY_TEXT])
  })
})

const phone = { width: 412, height: 823 }
/** 360 px: the width of many Android phones. */
const narrowPhone = { width: 360, height: 740 }
const desktop = { width: 1280, height: 800 }

/**
 * Pages whose text once sat within the fallback's few per cent of width of a line's end, so it
 * broke differently in the fallback and in Inter and moved what follows when Inter arrived.
 */
const swaps = [
  // On a phone, where headings wrap: bold text in the fallback once wrapped differently from
  // Inter's bold (the post cards' titles on /blog).
  { path: '/blog/introducing-folio', viewport: phone },
  { path: '/blog', viewport: phone },
  // The sign-in tabs: three to the first row in Inter, two in the fallback (CLS 0.016).
  { path: '/login', viewport: phone },
  { path: '/login', viewport: desktop },
  // The title: one line in Inter, with 7 px to spare, two in the fallback (CLS 0.011).
  { path: '/contact', viewport: desktop },
  { path: '/contact', viewport: phone },
  // Its closing paragraph once moved on the narrowest common phones (CLS 0.0054).
  { path: '/contact', viewport: narrowPhone },
  // The landing's title: "Read it beautifully." fitted the fallback's line and not Inter's
  // (CLS 0.031); now one sentence a line, sized with the column (pages.css).
  { path: '/', viewport: narrowPhone },
  { path: '/', viewport: phone },
]

test.describe('no layout shift while the font arrives', () => {
  for (const { path, viewport } of swaps) {
    test(`a slow font swaps in on ${path} at ${viewport.width} px without moving the text`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      // Hold the font back so the metric-matched fallback paints first and the swap happens
      // in front of the reader.
      const fontRequests: string[] = []
      await page.route('**/fonts/*.woff2', async (route) => {
        fontRequests.push(new URL(route.request().url()).pathname)
        await new Promise((resolve) => setTimeout(resolve, 1_500))
        await route.continue()
      })
      await recordLayoutShifts(page)
      await page.goto(path)
      await settleHydrated(page)
      await expectInter(page, ['h1'])
      const shifts = await layoutShifts(page)
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0)
      // Lighthouse calls a page good below 0.1; the fallback's overrides (for its bold too), and
      // layouts that do not break a line on a few pixels, keep these pages at zero. The message
      // names what moved.
      expect(total, JSON.stringify(shifts)).toBeLessThan(0.001)
      // Each font once: the full stylesheets loaded after the first paint declare no second face.
      expect(fontRequests.length).toBeGreaterThan(0)
      expect(new Set(fontRequests).size).toBe(fontRequests.length)
    })
  }
})
